import { createHash, randomUUID } from "node:crypto";
import {
  DOWNLOAD_MAX_BYTES,
  guessContentType,
  MEDIA_TYPE_PATTERN,
  RUN_DOWNLOADS_MAX,
  safeFileName,
  type ErrandFile,
} from "@errand/contract";
import { files, tasksRuns } from "@errand/db";
import { count, eq, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { notFound, ServiceError } from "../errors.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { contentKey, downloadFolder } from "../storage/storage-keys.ts";
import { fileToApi } from "./to-api.ts";

const MB = 1024 * 1024;

export interface RunDownloadInput {
  runId: string;
  /** The step during which the site sent it. */
  stepNumber: number;
  /** As the site named it; made safe here (one line, no folders). */
  name: string;
  contentType?: string | null;
  data: Buffer;
  storage: FileStorage;
}

/**
 * Keeps a file a site sent during a run, with the run (for the worker: no caller). The agent caps
 * downloads first; this refuses past DOWNLOAD_MAX_BYTES or RUN_DOWNLOADS_MAX all the same.
 */
export async function saveRunDownload({ ctx, input }: VerbArgs<RunDownloadInput>): Promise<ErrandFile> {
  if (input.data.length > DOWNLOAD_MAX_BYTES) {
    throw new ServiceError(
      "payload_too_large",
      `The download is ${(input.data.length / MB).toFixed(1)} MB; a run keeps downloads of at most ${DOWNLOAD_MAX_BYTES / MB} MB.`,
    );
  }
  const name = safeFileName(input.name);
  const given = input.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const contentType = MEDIA_TYPE_PATTERN.test(given) && given.length <= 200 ? given : guessContentType(name);
  const id = randomUUID();
  const folder = downloadFolder(input.runId, id);
  const storageKey = contentKey(folder);
  const row = await ctx.db
    .transaction(async (tx) => {
      // Downloads of one run are saved one at a time, so the count cannot be passed by racing.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`downloads:${input.runId}`}, 0))`);
      const [run] = await tx
        .select({ userId: tasksRuns.userId, workspaceId: tasksRuns.workspaceId })
        .from(tasksRuns)
        .where(eq(tasksRuns.id, input.runId))
        .for("key share");
      if (!run) throw notFound("Run");
      const [{ kept }] = (await tx.select({ kept: count() }).from(files).where(eq(files.runId, input.runId))) as [{ kept: number }];
      if (kept >= RUN_DOWNLOADS_MAX) throw new ServiceError("conflict", `A run keeps at most ${RUN_DOWNLOADS_MAX} downloads.`);
      await input.storage.put(storageKey, input.data, contentType);
      const [inserted] = await tx
        .insert(files)
        .values({
          id,
          userId: run.userId,
          workspaceId: run.workspaceId,
          origin: "download",
          runId: input.runId,
          stepNumber: input.stepNumber,
          name,
          contentType,
          sizeBytes: input.data.length,
          sha256: createHash("sha256").update(input.data).digest("hex"),
          storageKey,
          createdAt: new Date(),
        })
        .returning();
      return inserted!;
    })
    .catch(async (error: unknown) => {
      await input.storage.removeAll(folder).catch(() => undefined);
      throw error;
    });
  ctx.log.info("download kept", { runId: input.runId, fileId: row.id, step: input.stepNumber, bytes: row.sizeBytes, contentType });
  return fileToApi(ctx, row);
}
