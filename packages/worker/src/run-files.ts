import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AgentFile } from "@errand/agent";
import { DOWNLOAD_MAX_BYTES, RUN_DOWNLOADS_MAX } from "@errand/contract";
import { loadRunUploads, saveRunDownload } from "@errand/services/files";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";

/**
 * A run's files on local disk while its browser works: the uploads it was given (the agent puts
 * them into file fields) and a folder for what sites download (kept with the run as they finish).
 * `dispose` removes the folder; what matters was stored by then.
 */
export async function prepareRunFiles(ctx: ServiceContext, storage: FileStorage, runId: string) {
  const root = await mkdtemp(path.join(tmpdir(), "errand-run-files-"));
  try {
    const uploads = await loadRunUploads({ ctx, input: { runId, storage } });
    const uploadDir = path.join(root, "uploads");
    const downloadDir = path.join(root, "downloads");
    await mkdir(uploadDir);
    await mkdir(downloadDir);
    const files: AgentFile[] = [];
    for (const [i, upload] of uploads.entries()) {
      // A folder each: two uploads may share a name, and the page must receive the name as given.
      const file = path.join(uploadDir, String(i), upload.name);
      await mkdir(path.dirname(file));
      await writeFile(file, upload.data);
      files.push({ name: upload.name, path: file, size: upload.size, contentType: upload.contentType });
    }
    return {
      files,
      downloads: { dir: downloadDir, maxBytes: DOWNLOAD_MAX_BYTES, maxFiles: RUN_DOWNLOADS_MAX },
      /** Stores a step's finished downloads with the run; one refused (over a limit) does not stop the run. */
      async keep(stepNumber: number, downloads: AgentFile[]) {
        for (const download of downloads) {
          try {
            const data = await readFile(download.path);
            await saveRunDownload({
              ctx,
              input: { runId, stepNumber, name: download.name, contentType: download.contentType, data, storage },
            });
          } catch (error) {
            // No file name: it is the site's words.
            ctx.log.warn("a download could not be kept", { runId, stepNumber, error });
          }
        }
      },
      dispose: () => rm(root, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

export type RunFiles = Awaited<ReturnType<typeof prepareRunFiles>>;
