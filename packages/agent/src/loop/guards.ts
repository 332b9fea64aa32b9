import type { FailureKind } from "@errand/contract";
import type { CallResult } from "../act/execute-batch.ts";
import type { ToolCallRequest } from "../types/actions.ts";
import type { Finish } from "../types/result.ts";
import { LOOP_LIMIT, describeCalls } from "./loop-detector.ts";
import type { RunContext } from "./run-context.ts";

function formatTokens(n: number): string {
  return n.toLocaleString("en-US");
}

/** The step's first real error (a skipped call is not one), for the step record and the failure guard. */
export function firstError(calls: ToolCallRequest[], results: CallResult[]): string | null {
  if (calls.length === 0) return "The model answered without calling a tool.";
  const realError = results.find((r) => !r.record.ok && !r.record.error?.startsWith("Not run:"));
  return realError?.record.error ?? null;
}

/**
 * The run's guards after a step that did not finish, in order of precedence: an answer that
 * keeps failing the schema, consecutive failed steps, a loop, the token budget, the step limit.
 * Returns how the run ends, or null to go on; a loop about to be stopped is warned about first.
 */
export function checkGuards(
  ctx: RunContext,
  step: {
    number: number;
    calls: ToolCallRequest[];
    results: CallResult[];
    schemaFailure: ((attempts: number) => string) | null;
    fingerprint: string;
  },
): Finish | null {
  const { state, limits } = ctx;
  const stop = (reason: string, failureKind: FailureKind): Finish => ({ status: "failed", result: null, reason, failureKind });
  const failed = step.results.length === 0 || step.results.every((r) => !r.record.ok);
  if (step.schemaFailure !== null) {
    state.schemaFailures++;
    if (state.schemaFailures > limits.maxSchemaRetries) return stop(step.schemaFailure(state.schemaFailures), "invalid_answer");
  } else if (failed) {
    state.failures++;
    if (state.failures >= limits.maxConsecutiveFailures) {
      return stop(
        `Stopped after ${state.failures} consecutive failed steps. Last error: ${firstError(step.calls, step.results) ?? "unknown"}`,
        "agent_stuck",
      );
    }
  } else state.failures = 0;
  const repeats = state.loop.record(step.calls, step.fingerprint);
  if (repeats >= LOOP_LIMIT)
    return stop(
      `Stopped: the agent repeated the same action (${describeCalls(step.calls)}) ${repeats} times on a page that did not change.`,
      "agent_stuck",
    );
  if (repeats === LOOP_LIMIT - 1)
    state.notes.push("Warning: you just repeated the same action on an unchanged page. It did not help: try something different.");
  const used = state.inputTokens + state.outputTokens;
  if (used > limits.maxTokens)
    return stop(
      `Stopped: the token budget of ${formatTokens(limits.maxTokens)} tokens was used up (${formatTokens(used)} used).`,
      "budget_exhausted",
    );
  if (step.number >= limits.maxSteps)
    return stop(`Stopped after reaching the maximum of ${limits.maxSteps} steps without finishing.`, "step_limit");
  return null;
}
