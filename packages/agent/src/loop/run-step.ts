import type { Finish } from "../types/result.ts";
import { actOnCalls } from "./act-on-calls.ts";
import { explainFailure, noteObstacle } from "./failure-cause.ts";
import { askModel } from "./ask-model.ts";
import { checkGuards, firstError } from "./guards.ts";
import { observeStep } from "./observe-step.ts";
import { waitForHandBack } from "./person-wait.ts";
import type { RunContext } from "./run-context.ts";
import { keepInHistory, reportStep, skipForTakeover } from "./step-report.ts";

/**
 * One step: observe the page, ask the model, act on its calls, check the guards, report the step.
 * Returns how the run ends, or null to go on.
 */
export async function runStep(ctx: RunContext, number: number): Promise<Finish | null> {
  await waitForHandBack(ctx);
  const epoch = ctx.takeover?.epoch() ?? 0;
  const startedAt = new Date();
  ctx.state.extraInput = 0;
  ctx.state.extraOutput = 0;

  const obs = await observeStep(ctx);
  const reply = await askModel(ctx, obs, number);
  const calls = reply.toolCalls;
  ctx.deps.recorder?.beginStep(ctx.redactor.redact(reply.text));
  // A person took control while the model thought: what it planned is for a page they may have changed.
  if (ctx.takeover && ctx.takeover.epoch() !== epoch) return skipForTakeover(ctx, { number, startedAt, obs, reply });

  const acts = await actOnCalls(ctx, calls);
  keepInHistory(ctx, reply, acts.results);
  noteObstacle(ctx.state, acts.results);
  const ending =
    acts.finish ??
    checkGuards(ctx, { number, calls, results: acts.results, schemaFailure: acts.schemaFailure, fingerprint: obs.fingerprint });
  const finish = ending && (await explainFailure(ending, ctx.state, ctx.tabs.page()));
  await reportStep(ctx, { number, startedAt, obs, reply }, { ...acts, finish, firstError: firstError(calls, acts.results) });
  return finish;
}
