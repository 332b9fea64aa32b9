import type { CallResult } from "../act/execute-batch.ts";
import type { ModelReply } from "../llm/call-model.ts";
import type { Observation } from "../observe/create-observer.ts";
import type { AgentFile } from "../types/files.ts";
import type { AgentStep, Finish, StepTiming } from "../types/result.ts";
import { withAcknowledgements } from "./person-messages.ts";
import type { RunContext } from "./run-context.ts";

/** How long a step's report waits for downloads still arriving (a file the last click started is kept with its step). */
const DOWNLOAD_WAIT_MS = 30_000;

/** The step so far: its number, when it started, the page it saw and the model's reply. */
export interface StepBase {
  number: number;
  startedAt: Date;
  obs: Observation;
  reply: ModelReply;
  timings?: StepTiming[];
}

/** The downloads that finished during the step about to be reported, after those still running had their time. */
export async function stepDownloads(ctx: RunContext): Promise<AgentFile[]> {
  await ctx.deps.downloads.settle(Math.min(DOWNLOAD_WAIT_MS, Math.max(0, ctx.control.remainingMs() - 1_000)));
  return ctx.deps.downloads.take();
}

/**
 * The model's calls and what came of them, kept for its next prompts (with a nudge when it called
 * no tool); the step's extract tokens join the run's.
 */
export function keepInHistory(ctx: RunContext, reply: ModelReply, results: { id: string; name: string; text: string }[], nudge = true) {
  const calls = reply.toolCalls;
  ctx.state.history.push({
    assistantText: reply.text,
    calls: calls.map((c) => ({ id: c.id, name: c.name, input: c.input })),
    results: results.map((r) => ({ id: r.id, name: r.name, text: r.text })),
    ...(nudge && calls.length === 0 ? { nudge: NO_TOOL_NUDGE } : {}),
  });
  ctx.state.inputTokens += ctx.state.extraInput;
  ctx.state.outputTokens += ctx.state.extraOutput;
}

const NO_TOOL_NUDGE = "You did not call a tool. Act with the tools, and call done when the task is finished.";

/** Reports the step as people see it: its actions, how it ended the run if it did, and what it did or found. */
export async function reportStep(
  ctx: RunContext,
  base: StepBase,
  acts: { results: CallResult[]; finish: Finish | null; doneSummary: string | null; firstError: string | null },
) {
  const { results, finish, firstError } = acts;
  const summary =
    acts.doneSummary ??
    (results.map((r) => (r.name === "done" ? (r.record.error ?? r.text) : r.text)).join("\n") ||
      (base.reply.text ? base.reply.text : null));
  await emitStep(ctx, base, {
    actions: results.map((r) => r.record),
    success: finish ? finish.status === "success" : null,
    error: finish && finish.status !== "success" ? (finish.reason ?? firstError) : firstError,
    extractedContent: summary ? summary.slice(0, 4_000) : null,
  });
}

/** A person took control during the model call: its planned actions are dropped, unrun. */
export async function skipForTakeover(ctx: RunContext, base: StepBase): Promise<null> {
  const text = "Not run: a person took control of the browser before this action ran.";
  keepInHistory(
    ctx,
    base.reply,
    base.reply.toolCalls.map((c) => ({ id: c.id, name: c.name, text })),
    false,
  );
  await emitStep(ctx, base, { actions: [], success: null, error: null, extractedContent: "Paused: a person took control of the browser." });
  return null;
}

async function emitStep(ctx: RunContext, base: StepBase, outcome: Pick<AgentStep, "actions" | "success" | "error" | "extractedContent">) {
  const { number, startedAt, obs, reply, timings } = base;
  const step: AgentStep = {
    number,
    url: obs.url,
    title: obs.title,
    ...outcome,
    extractedContent: withAcknowledgements(ctx, outcome.extractedContent),
    screenshot: obs.screenshot,
    screenshotType: obs.screenshotType,
    inputTokens: reply.inputTokens + ctx.state.extraInput,
    outputTokens: reply.outputTokens + ctx.state.extraOutput,
    durationMs: Date.now() - startedAt.getTime(),
    startedAt,
    downloads: await stepDownloads(ctx),
    ...(timings && { timings }),
  };
  await ctx.emit({ type: "step", step });
}
