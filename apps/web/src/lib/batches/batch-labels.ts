import type { Batch, BatchRowOutcome, BatchStatus, Verdict } from "@errand/contract";
import type { StatusTone } from "../runs/run-status";

/** A batch's status in words, with the colour of its badge. */
export const BATCH_STATUS_LABELS: Record<BatchStatus, { label: string; tone: StatusTone }> = {
  running: { label: "Running", tone: "pending" },
  paused: { label: "Paused", tone: "neutral" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  finished: { label: "Finished", tone: "success" },
};

/** How a row went (or where it is), in words, with its colour: the results table and the counts. */
export const ROW_OUTCOME_LABELS: Record<BatchRowOutcome | "waiting" | "running", { label: string; tone: StatusTone }> = {
  waiting: { label: "Waiting", tone: "neutral" },
  running: { label: "Running", tone: "pending" },
  success: { label: "Succeeded", tone: "success" },
  failed: { label: "Failed", tone: "failure" },
  error: { label: "Error", tone: "failure" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  skipped: { label: "Skipped", tone: "neutral" },
  refused: { label: "Refused", tone: "failure" },
};

/** The verdict in the words of the run page's Verification panel. */
export const VERDICT_LABELS: Record<Verdict, { label: string; tone: StatusTone }> = {
  pass: { label: "Verified", tone: "success" },
  fail: { label: "Failed checks", tone: "failure" },
  unsure: { label: "Unsure", tone: "pending" },
};

/** The order counts are listed in: where rows are, then how they ended. */
export const COUNT_ORDER = ["success", "failed", "error", "refused", "cancelled", "skipped", "running", "waiting"] as const;

/** Rows that have ended (any outcome). */
export function rowsDone(batch: Pick<Batch, "total_rows" | "counts">): number {
  return batch.total_rows - batch.counts.waiting - batch.counts.running;
}

/** "12 of 20 rows done". */
export function progressText(batch: Pick<Batch, "total_rows" | "counts">): string {
  return `${rowsDone(batch).toLocaleString("en-US")} of ${batch.total_rows.toLocaleString("en-US")} rows done`;
}

/** Whether the batch has rows that did not succeed, so re-running them means something. */
export function hasFailedRows(batch: Pick<Batch, "counts">): boolean {
  const { failed, error, cancelled, skipped, refused } = batch.counts;
  return failed + error + cancelled + skipped + refused > 0;
}
