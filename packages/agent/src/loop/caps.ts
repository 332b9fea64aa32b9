import { abortableSleep } from "../lib/abortable-sleep.ts";
import type { CapVerdict, RunUsage } from "../types/agent.ts";
import type { Finish } from "../types/result.ts";
import type { RunContext } from "./run-context.ts";

/**
 * After a step, the run's caps as the caller judges them (docs/adr/0037-spending-limits.md):
 * on, stop with the reason naming the cap, or ask a person and wait, with the clock stopped,
 * until a check finds the cap raised. A check that fails (the database is away) lets the run
 * go on: the session timeout still bounds it, and the next step checks again.
 */
export async function checkCaps(
  ctx: RunContext,
  check: ((usage: RunUsage) => Promise<CapVerdict>) | undefined,
  usage: () => RunUsage,
): Promise<Finish | null> {
  if (!check) return null;
  const verdict = await judge(check, usage());
  if (verdict.action === "go") return null;
  if (verdict.action === "stop") return { status: "failed", result: null, reason: verdict.reason, failureKind: verdict.kind };
  return waitForRaise(ctx, check, usage, verdict);
}

const judge = (check: (usage: RunUsage) => Promise<CapVerdict>, usage: RunUsage): Promise<CapVerdict> =>
  check(usage).catch(() => ({ action: "go" as const }));

/** The run asks for a person (the run page shows the question) and waits until the cap is raised, or gives up with the cap's reason. */
async function waitForRaise(
  ctx: RunContext,
  check: (usage: RunUsage) => Promise<CapVerdict>,
  usage: () => RunUsage,
  asked: Extract<CapVerdict, { action: "ask" }>,
): Promise<Finish | null> {
  await ctx.emit({ type: "needs_person", reason: asked.question });
  const since = Date.now();
  const at = usage();
  ctx.control.hold();
  let raised = false;
  try {
    while (!raised && Date.now() - since < ctx.limits.personWaitMs) {
      await abortableSleep(ctx.limits.capPollMs, ctx.control.signal);
      raised = (await judge(check, at)).action === "go";
    }
  } finally {
    ctx.control.resume();
    ctx.state.pausedMs += Date.now() - since;
  }
  await ctx.emit({ type: "person_done", handedBack: raised });
  if (!raised) return { status: "failed", result: null, reason: asked.reason, failureKind: asked.kind };
  ctx.state.notes.push("The run's limit was raised by a person: go on with the task.");
  return null;
}
