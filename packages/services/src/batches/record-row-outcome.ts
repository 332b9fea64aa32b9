import { batches, batchRows } from "@errand/db";
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";
import { recordItemOutcome, type EndedRun } from "../runs/item-outcome.ts";

/** A batch row's run has ended: the row keeps its outcome (runs/item-outcome.ts). */
export async function recordRowOutcome(tx: Queryable, run: EndedRun & { batchId: string | null }): Promise<void> {
  if (run.batchId) await recordItemOutcome(tx, batchRows, run);
}

/**
 * The row whose run `fromRunId` ended is carried on by that run's retry: the row's outcome is its
 * last retry's (docs/adr/0045-durable-retries.md), and it counts as running until then.
 */
export async function followRetry(tx: Queryable, fromRunId: string, retryRunId: string): Promise<void> {
  await tx
    .update(batchRows)
    .set({ runId: retryRunId, updatedAt: new Date() })
    .where(and(eq(batchRows.runId, fromRunId), isNull(batchRows.outcome)));
}

/** Whether a person cancelled the batch: its rows get no further runs, retries included. */
export async function batchCancelled(tx: Queryable, batchId: string): Promise<boolean> {
  const [batch] = await tx.select({ status: batches.status }).from(batches).where(eq(batches.id, batchId));
  return batch?.status === "cancelled";
}
