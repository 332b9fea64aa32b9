import type { FailureKind } from "@errand/contract";
import type { Finish } from "../types/result.ts";
import type { RunContext } from "./run-context.ts";

function minutesText(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * Hands the run to a person: says so (needs_person), then waits, with the run's clock stopped,
 * for someone to take control in the live view and hand back. Without a live view, or when no
 * one takes control within limits.personWaitMs, the run ends "failed" with the reason. After the
 * hand-back the agent goes on from the page as the person left it.
 * `asked`: the model asked (ask_person), rather than the loop finding a challenge; `unmet`: the
 * run's failure kind when no person can come or none came.
 */
export async function askPerson(
  ctx: RunContext,
  said: string,
  opts: { asked: boolean; unmet: Extract<FailureKind, "captcha_unsolved" | "person_needed_timeout"> },
): Promise<Finish | null> {
  const reason = ctx.redactor.redact(said);
  const takeover = ctx.takeover;
  if (!takeover) {
    return {
      status: "failed",
      result: null,
      reason: `${reason} No person can take control of this run (it has no live view), so it stopped.`,
      failureKind: opts.unmet,
    };
  }
  await ctx.emit({ type: "needs_person", reason });
  const since = Date.now();
  const patience = new AbortController();
  const timer = setTimeout(() => patience.abort(new Error("no person came")), ctx.limits.personWaitMs);
  const signal = AbortSignal.any([ctx.control.signal, patience.signal]);
  ctx.control.hold();
  let came = false;
  try {
    await takeover.waitForTake(signal);
    came = true;
    clearTimeout(timer);
    // A person's turn has its own limit (the live view hands back by itself); only a cancel ends it here.
    await takeover.waitForRelease(ctx.control.signal);
  } catch (error) {
    if (ctx.control.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    ctx.control.resume();
    ctx.state.pausedMs += Date.now() - since;
  }
  await ctx.emit({ type: "person_done", handedBack: came });
  if (!came) {
    return {
      status: "failed",
      result: null,
      reason: `${reason} No person took control within ${minutesText(ctx.limits.personWaitMs)}, so the run stopped.`,
      failureKind: opts.unmet,
    };
  }
  ctx.state.notes.push(
    `${opts.asked ? "You asked for a person" : "The agent asked for a person"} (${reason}); they took control of the browser and handed it back after ${Math.round((Date.now() - since) / 1000)} s. The page may have changed: act on what you see now.`,
  );
  return null;
}

/** While a person holds control the clock stops; the agent then looks at the page afresh. */
export async function waitForHandBack(ctx: RunContext) {
  const takeover = ctx.takeover;
  if (!takeover?.paused()) return;
  const since = Date.now();
  ctx.control.hold();
  try {
    await takeover.waitForRelease(ctx.control.signal);
  } finally {
    ctx.control.resume();
  }
  const ms = Date.now() - since;
  ctx.state.pausedMs += ms;
  ctx.state.notes.push(
    `A person took control of the browser for ${Math.round(ms / 1000)} s (for example to solve a captcha or enter a code) and handed it back. The page may have changed: act on what you see now.`,
  );
}
