import { batches } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";

/**
 * Ends a running batch whose rows have all ended (the dispatcher found none waiting or running),
 * in the dispatcher's transaction under the batch's row lock: it finishes once.
 */
export async function finishBatchIfDone(tx: Queryable, batch: { id: string }): Promise<void> {
  const now = new Date();
  await tx
    .update(batches)
    .set({ status: "finished", statusReason: null, finishedAt: now, updatedAt: now })
    .where(and(eq(batches.id, batch.id), eq(batches.status, "running")));
}
