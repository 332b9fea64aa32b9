import type { FinalRunStatus } from "@errand/contract";

/**
 * What a batch's row or an evaluation's cell keeps of its run's end: the status, and the reason
 * unless it succeeded. Written in the transaction that ends the run (runs/finish-run.ts), so an
 * item and its run cannot disagree whatever process stops after.
 */
export function itemOutcome(run: { status: FinalRunStatus; statusReason: string | null }) {
  return { outcome: run.status, reason: run.status === "success" ? null : run.statusReason, updatedAt: new Date() };
}
