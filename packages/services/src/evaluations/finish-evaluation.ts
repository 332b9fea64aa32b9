import { evaluationCells, evaluations } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";
import { recordItemOutcome, type EndedRun } from "../runs/item-outcome.ts";

/** Ends a running evaluation whose cells have all ended (the dispatcher found none waiting or running), once. */
export async function finishEvaluationIfDone(tx: Queryable, evaluationId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(evaluations)
    .set({ status: "finished", finishedAt: now, updatedAt: now })
    .where(and(eq(evaluations.id, evaluationId), eq(evaluations.status, "running")));
}

/** An evaluation's run has ended: its cell keeps its outcome (runs/item-outcome.ts). */
export async function recordCellOutcome(tx: Queryable, run: EndedRun & { evaluationId: string | null }): Promise<void> {
  if (run.evaluationId) await recordItemOutcome(tx, evaluationCells, run);
}
