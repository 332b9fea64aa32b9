import type { AgentStep } from "@errand/agent";
import type { finishRun } from "@errand/services/runs";
import type { SpanHandle } from "@errand/services/tracing";
import type { ClaimedRun } from "./prepare-run.ts";

type FinishedRun = NonNullable<Awaited<ReturnType<typeof finishRun>>>;

/*
 * What a run's trace says (docs/adr/0050-run-traces.md): ids, names, counts, times and kinds only.
 * Never a prompt, a typed value, a result, a reason or a page's URL: they may hold secrets or quote pages.
 */

/** The run's span once it is claimed: whose run it is and which model drives it. */
export function claimedRunAttributes(run: ClaimedRun) {
  return {
    "errand.task.id": run.taskId,
    "errand.workspace.id": run.workspaceId,
    "gen_ai.system": run.modelProvider,
    "gen_ai.request.model": run.model,
  };
}

/** How the run ended, on its span; a run that did not succeed is marked failed with its failure kind. */
export function traceRunEnd(span: SpanHandle, finished: FinishedRun | null, status: string) {
  span.set({ "errand.run.status": status });
  if (!finished) return;
  span.set({
    "gen_ai.usage.input_tokens": finished.inputTokens ?? 0,
    "gen_ai.usage.output_tokens": finished.outputTokens ?? 0,
    // In 1/10,000 dollar, as stored: what the run was charged and what its model calls cost.
    "errand.run.cost": finished.cost ?? 0,
    "errand.run.model_cost": finished.modelCost ?? 0,
  });
  if (finished.failureKind) span.set({ "errand.run.failure_kind": finished.failureKind });
  if (status !== "success") span.fail(finished.failureKind ?? status);
}

/**
 * A step as a finished child of the run's span, with the parts the agent timed under it: reading
 * the page, the model call (model, tokens, latency) and the browser actions (their names, never their input).
 */
export function traceStep(run: SpanHandle, step: AgentStep, model: string) {
  const actions = step.actions.map((action) => action.name);
  const span = run.record(
    "step",
    { startedAt: step.startedAt, durationMs: step.durationMs },
    { "errand.step.number": step.number, "errand.step.actions": actions, "errand.step.ok": step.error === null },
  );
  for (const timing of step.timings ?? []) {
    if (timing.part === "observe") span.record("browser observe", timing, { "errand.browser.action": "observe" });
    if (timing.part === "model")
      span.record(`chat ${model}`, timing, {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": model,
        "gen_ai.usage.input_tokens": step.inputTokens,
        "gen_ai.usage.output_tokens": step.outputTokens,
        "errand.model.latency_ms": timing.durationMs,
      });
    if (timing.part === "act")
      span.record("browser act", timing, { "errand.browser.action": actions.join(","), "errand.browser.actions": actions });
  }
}
