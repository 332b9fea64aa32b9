import type { FinalRunStatus, RunStatus } from "@errand/contract";

/** The statuses a run ends with (the contract's FINAL_RUN_STATUSES; a test keeps them equal without importing zod here). */
export const FINAL_STATUSES: readonly FinalRunStatus[] = ["success", "failed", "error", "cancelled"];

export const isFinalStatus = (status: RunStatus | string): status is FinalRunStatus =>
  (FINAL_STATUSES as readonly string[]).includes(status);
