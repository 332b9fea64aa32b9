import { files, runFiles, type Db } from "@errand/db";
import { and, eq, inArray } from "drizzle-orm";
import { invalid } from "../errors.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A run's `files` must all be the user's uploads; another user's is reported like a missing one.
 * Locked (key share) until the transaction ends, so a delete cannot slip between the check and
 * the rows that give them to the run.
 */
export async function assertOwnUploads(tx: Tx, workspaceId: string, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.workspaceId, workspaceId), eq(files.origin, "upload"), inArray(files.id, [...fileIds])))
    .for("key share");
  const found = new Set(rows.map((r) => r.id));
  const missing = fileIds.filter((id) => !found.has(id));
  if (missing.length) throw invalid([{ path: "files", message: `no upload with id ${missing.join(", ")}` }]);
}

/** Gives the uploads to the run, in the order named (call assertOwnUploads first, in the same transaction). */
export async function attachRunUploads(tx: Tx, runId: string, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx
    .insert(runFiles)
    .values(fileIds.map((fileId, position) => ({ runId, fileId, position })))
    .onConflictDoNothing();
}
