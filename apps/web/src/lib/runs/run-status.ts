import { FINAL_RUN_STATUSES } from "@errand/contract";

/** Colour families of the run status badge (spec section 4). */
export type StatusTone = "pending" | "success" | "failure" | "neutral";

const FAILURE_STATUSES = new Set(["failed", "error"]);
/** History thumbnails also treat "failure" and "failing" as red. */
const THUMBNAIL_FAILURE_STATUSES = new Set(["failed", "error", "failure", "failing"]);

/** pending yellow; success green; failed and error red; anything else grey. */
export function statusTone(status: string): StatusTone {
  if (status === "pending") return "pending";
  if (status === "success") return "success";
  if (FAILURE_STATUSES.has(status)) return "failure";
  return "neutral";
}

/** Thumbnail border: pending orange, success green, failed/error/failure/failing red, else grey. */
export function thumbnailTone(status: string): StatusTone {
  if (status === "pending") return "pending";
  if (status === "success") return "success";
  if (THUMBNAIL_FAILURE_STATUSES.has(status)) return "failure";
  return "neutral";
}

/** True once the run can no longer change (no more steps will arrive). */
export function isFinalStatus(status: string): boolean {
  return (FINAL_RUN_STATUSES as readonly string[]).includes(status);
}

/**
 * The run to keep when a read of it arrives: a run never goes back from its end to pending, so
 * an answer read before the run ended (slow, or overtaken by the live stream) cannot undo the
 * end the page already shows. Used as the run query's structural sharing.
 */
export function laterRun<T extends { status: string }>(shown: T | undefined, read: T): T {
  return shown && isFinalStatus(shown.status) && read.status === "pending" ? shown : read;
}
