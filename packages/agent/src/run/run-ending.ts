import { ModelError } from "../llm/call-model.ts";
import type { RunControl } from "../loop/run-control.ts";
import { BrowserFault } from "../loop/tab-keeper.ts";
import type { ResolvedLimits } from "../types/agent.ts";
import type { Finish } from "../types/result.ts";

export const CANCELLED: Finish = { status: "cancelled", result: null, reason: "The run was cancelled.", failureKind: "cancelled" };

/**
 * How a run ends when something was thrown: a cancel or the session timeout (whatever was
 * interrupted), a model or browser fault, a closed browser, or anything else as an internal error.
 */
export function endingAfterError(error: unknown, control: RunControl, limits: ResolvedLimits): Finish {
  const cause = control.cause();
  if (cause === "cancelled") return CANCELLED;
  if (cause === "timeout") {
    return {
      status: "failed",
      result: null,
      reason: limits.timeoutReason ?? `The task did not finish within the session timeout of ${secondsText(limits.timeoutMs)}.`,
      // A time limit cut short by the credits (runLimits' timeoutReason) is the budget's end, not the clock's.
      failureKind: limits.timeoutReason ? "budget_exhausted" : "time_limit",
    };
  }
  if (error instanceof ModelError) return { status: "error", result: null, reason: error.message, failureKind: "model_error" };
  if (error instanceof BrowserFault) return { status: "error", result: null, reason: error.message, failureKind: error.kind };
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  if (/Target (page, context or browser )?(has been )?closed|browser has been closed|Browser closed/i.test(message ?? "")) {
    return { status: "error", result: null, reason: `The browser closed unexpectedly: ${message}`, failureKind: "internal" };
  }
  return { status: "error", result: null, reason: `Internal error: ${message}`, failureKind: "internal" };
}

function secondsText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
