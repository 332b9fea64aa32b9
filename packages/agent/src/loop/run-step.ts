import type { Finish, StepTiming } from "../types/result.ts";
import { actOnCalls } from "./act-on-calls.ts";
import { explainFailure, noteObstacle } from "./failure-cause.ts";
import { askModel, capsBeforeCall, stepPrompt } from "./ask-model.ts";
import { checkGuards, firstError } from "./guards.ts";
import { observeStep } from "./observe-step.ts";
import { readPersonMessages } from "./person-messages.ts";
import { waitForHandBack } from "./person-wait.ts";
import type { RunContext } from "./run-context.ts";
import { keepInHistory, reportStep, skipForTakeover } from "./step-report.ts";

/**
 * One step: observe the page, check the caps can cover the model call, ask the model, act on its
 * calls, check the guards, report the step.
 * Returns how the run ends, or null to go on.
 */
export async function runStep(ctx: RunContext, number: number): Promise<Finish | null> {
  await waitForHandBack(ctx);
  await readPersonMessages(ctx, number);
  const epoch = ctx.takeover?.epoch() ?? 0;
  const startedAt = new Date();
  ctx.state.extraInput = 0;
  ctx.state.extraOutput = 0;

  const timings: StepTiming[] = [];
  const obs = await timed(timings, "observe", () => observeStep(ctx));
  const prompt = stepPrompt(ctx, obs, number);
  // A run at its cost cap makes no call the cap cannot cover: it ends before it, the step unreported.
  const capped = await capsBeforeCall(ctx, prompt);
  if (capped) return capped;
  const reply = await timed(timings, "model", () => askModel(ctx, prompt));
  const calls = reply.toolCalls;
  ctx.deps.recorder?.beginStep(ctx.redactor.redact(reply.text));
  // A person took control while the model thought: what it planned is for a page they may have changed.
  if (ctx.takeover && ctx.takeover.epoch() !== epoch) return skipForTakeover(ctx, { number, startedAt, obs, reply, timings });

  const acts = await timed(timings, "act", () => actOnCalls(ctx, calls));
  keepInHistory(ctx, reply, acts.results);
  noteObstacle(ctx.state, acts.results);
  const ending =
    acts.finish ??
    checkGuards(ctx, { number, calls, results: acts.results, schemaFailure: acts.schemaFailure, fingerprint: obs.fingerprint });
  const finish = ending && (await explainFailure(ending, ctx.state, ctx.tabs.page()));
  await reportStep(ctx, { number, startedAt, obs, reply, timings }, { ...acts, finish, firstError: firstError(calls, acts.results) });
  return finish;
}

/** `work`, its time kept as the step's `part` (the run's trace shows it, docs/adr/0050-run-traces.md). */
async function timed<T>(timings: StepTiming[], part: StepTiming["part"], work: () => Promise<T>): Promise<T> {
  const startedAt = new Date();
  try {
    return await work();
  } finally {
    timings.push({ part, startedAt, durationMs: Date.now() - startedAt.getTime() });
  }
}
