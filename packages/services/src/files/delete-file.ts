import { files } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { callersFile, fileNotFound } from "./own-file.ts";
import { folderOf } from "../storage/storage-keys.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * DELETE /files/{id}: one of the caller's files and its bytes. An upload leaves the runs it was
 * given (run_files cascade): they keep their downloads. A download leaves its run's list.
 */
export async function deleteFile({ ctx, caller, input }: CallerVerbArgs<{ fileId: string; storage: FileStorage }>): Promise<void> {
  requireRole(caller, "run");
  const [deleted] = await ctx.db
    .delete(files)
    .where(callersFile(caller, input.fileId))
    .returning({ id: files.id, storageKey: files.storageKey });
  if (!deleted) throw fileNotFound();
  await input.storage
    .removeAll(folderOf(deleted.storageKey))
    .catch((error: unknown) => ctx.log.warn("deleting a file's bytes failed", { fileId: deleted.id, error }));
  ctx.log.info("file deleted", { userId: caller.userId, fileId: deleted.id });
}
