import type { FinalRunStatus } from "@errand/contract";
import type { batchRows, evaluationCells } from "@errand/db";
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";

/** A run that has ended, as the transaction that ends it reads it. */
export interface EndedRun {
  id: string;
  status: FinalRunStatus;
  statusReason: string | null;
}

/**
 * What a batch's row or an evaluation's cell keeps of its run's end: the status, and the reason
 * unless it succeeded. Written in the transaction that ends the run (runs/finish-run.ts), so an
 * item and its run cannot disagree whatever process stops after.
 */
export function itemOutcome(run: Omit<EndedRun, "id">) {
  return { outcome: run.status, reason: run.status === "success" ? null : run.statusReason, updatedAt: new Date() };
}

/** The row or cell (`items`: their table) the run was started for keeps its outcome, unless it has one already. */
export async function recordItemOutcome(tx: Queryable, items: typeof batchRows | typeof evaluationCells, run: EndedRun): Promise<void> {
  await tx
    .update(items)
    .set(itemOutcome(run))
    .where(and(eq(items.runId, run.id), isNull(items.outcome)));
}
