import { creditLimitNote } from "@errand/contract";

/** What the limits are decided from: the run's session timeout and the seconds its held credits pay for (null: not capped). */
interface LimitedRun {
  sessionTimeout: number;
  creditLimitSeconds: number | null;
}

/** The seconds the held credits cover when they pay for less than the session timeout, else null. */
const creditCap = (run: LimitedRun): number | null =>
  run.creditLimitSeconds !== null && run.creditLimitSeconds < run.sessionTimeout ? run.creditLimitSeconds : null;

/** The seconds a run may last, and the note when its balance made that less than session_timeout (the API's time_limit). */
export function timeLimit(run: LimitedRun) {
  const cap = creditCap(run);
  return { time_limit: cap ?? run.sessionTimeout, time_limit_note: cap === null ? null : creditLimitNote(cap, run.sessionTimeout) };
}

/**
 * The limits the worker gives the agent: the session timeout, or less when the run's credits pay
 * for less, with the reason the run's page shows when it stops there.
 */
export function runLimits(run: LimitedRun): { timeoutMs: number; timeoutReason?: string } {
  const cap = creditCap(run);
  if (cap === null) return { timeoutMs: run.sessionTimeout * 1000 };
  return {
    timeoutMs: cap * 1000,
    timeoutReason: `The run stopped after ${cap} s: your credits covered no more of its ${run.sessionTimeout} s time limit. Add credits to give runs more time.`,
  };
}
