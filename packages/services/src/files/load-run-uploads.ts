import { files, runFiles } from "@errand/db";
import { asc, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import type { FileStorage } from "../storage/file-storage.ts";

/** An upload opened for the agent: what it may put into the page's file fields. */
export interface RunUpload {
  id: string;
  name: string;
  contentType: string;
  size: number;
  data: Buffer;
}

/**
 * The uploads a run was given, with their bytes, in the order given (for the worker: no caller).
 * One whose bytes are missing from storage is left out and logged.
 */
export async function loadRunUploads({ ctx, input }: VerbArgs<{ runId: string; storage: FileStorage }>): Promise<RunUpload[]> {
  const rows = await ctx.db
    .select({ id: files.id, name: files.name, contentType: files.contentType, storageKey: files.storageKey })
    .from(runFiles)
    .innerJoin(files, eq(files.id, runFiles.fileId))
    .where(eq(runFiles.runId, input.runId))
    .orderBy(asc(runFiles.position));
  const loaded: RunUpload[] = [];
  for (const row of rows) {
    const stored = await input.storage.get(row.storageKey);
    if (!stored) {
      ctx.log.warn("an upload's bytes are missing from storage", { runId: input.runId, fileId: row.id });
      continue;
    }
    loaded.push({ id: row.id, name: row.name, contentType: row.contentType, size: stored.data.length, data: stored.data });
  }
  return loaded;
}
