import { requireScope, type CallerVerbArgs } from "../caller.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { fileNotFound, ownFile } from "./own-file.ts";

/** GET /files/{id}/content: the bytes of one of the caller's files, with the name and type to serve them under. */
export async function readFileContent({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ fileId: string; storage: FileStorage }>): Promise<{ name: string; contentType: string; data: Buffer }> {
  requireScope(caller, "read");
  const row = await ownFile(ctx.db, caller, input.fileId);
  const stored = await input.storage.get(row.storageKey);
  if (!stored) {
    ctx.log.warn("a file's bytes are missing from storage", { fileId: row.id });
    throw fileNotFound();
  }
  return { name: row.name, contentType: row.contentType, data: stored.data };
}
