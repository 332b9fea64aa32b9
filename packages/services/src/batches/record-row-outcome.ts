import type { FinalRunStatus } from "@errand/contract";
import { batchRows } from "@errand/db";
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";

/**
 * A batch row's run has ended: its outcome is written in the transaction that ends the run
 * (runs/finish-run.ts), so a row and its run cannot disagree whatever process stops after.
 */
export async function recordRowOutcome(
  tx: Queryable,
  run: { id: string; batchId: string | null; status: FinalRunStatus; statusReason: string | null },
): Promise<void> {
  if (!run.batchId) return;
  await tx
    .update(batchRows)
    .set({ outcome: run.status, reason: run.status === "success" ? null : run.statusReason, updatedAt: new Date() })
    .where(and(eq(batchRows.runId, run.id), isNull(batchRows.outcome)));
}
