import type { ModelMessage } from "ai";
import { callModel } from "../llm/call-model.ts";
import type { ModelReply } from "../llm/call-model.ts";
import type { Observation } from "../observe/create-observer.ts";
import { stepMessage } from "../prompts/step-message.ts";
import type { ToolCallRequest } from "../types/actions.ts";
import type { Finish } from "../types/result.ts";
import { buildMessages } from "./history.ts";
import type { RunContext } from "./run-context.ts";

/** A rough count for English text and markup, used only before the run's first call (estimateInputTokens). */
const CHARS_PER_TOKEN = 4;
/** What one screenshot reads at OpenAI's low detail, and at most at high detail for our viewport. */
const IMAGE_TOKENS = { low: 85, high: 1105 };

/**
 * The step's prompt: the task, the history and the page as observed, with the notes gathered
 * since the last step (the last step is told to finish). The screenshot goes along only when the
 * model sees images and no secret shows on the page.
 */
export function stepPrompt(ctx: RunContext, obs: Observation, number: number): ModelMessage[] {
  const { state, limits } = ctx;
  const notes = state.notes.splice(0);
  if (number >= limits.maxSteps)
    notes.push("This is your last step: call done now with what you have (success=false if the task is not complete).");
  const secretOnPage = ctx.redactor.contains(obs.content);
  const content = stepMessage(obs, {
    step: number,
    maxSteps: limits.maxSteps,
    secondsLeft: ctx.control.remainingMs() / 1000,
    notes,
    image: ctx.vision && !secretOnPage,
    imageDetail: ctx.visionDetail,
  });
  return buildMessages(ctx.taskText, state.history, content);
}

/**
 * Whether the run's caps can cover the step's call, judged before it is made
 * (docs/adr/0037-spending-limits.md): how the run ends if not, else null.
 */
export function capsBeforeCall(ctx: RunContext, messages: ModelMessage[]): Promise<Finish | null> {
  if (!ctx.capsBeforeCall) return Promise.resolve(null);
  return ctx.capsBeforeCall(estimateInputTokens(ctx, messages));
}

/**
 * The input tokens a step's call will read: what the provider counted for the previous step's
 * call (the prompt only grows by a step of history and a new page), or before the first call
 * the prompt's characters over CHARS_PER_TOKEN, with a screenshot at its detail's count.
 */
export function estimateInputTokens(ctx: RunContext, messages: ModelMessage[]): number {
  if (ctx.state.lastCallInputTokens > 0) return ctx.state.lastCallInputTokens;
  let chars = ctx.system.length;
  let images = 0;
  for (const message of messages) {
    if (typeof message.content === "string") chars += message.content.length;
    else
      for (const part of message.content)
        if (part.type === "image") images++;
        else chars += JSON.stringify(part).length;
  }
  const image = ctx.visionDetail === "low" ? IMAGE_TOKENS.low : IMAGE_TOKENS.high;
  return Math.ceil(chars / CHARS_PER_TOKEN) + images * image;
}

/** The step's model call with its prompt. Tokens and the call are counted. */
export async function askModel(ctx: RunContext, messages: ModelMessage[]): Promise<ModelReply> {
  const { state } = ctx;
  const reply = await callModel({
    model: ctx.model,
    system: ctx.system,
    messages,
    tools: ctx.tools,
    signal: ctx.control.signal,
    retry: ctx.retry,
    redactor: ctx.redactor,
    onRetry: (message) => void ctx.emit({ type: "log", message }),
  });
  state.inputTokens += reply.inputTokens;
  state.outputTokens += reply.outputTokens;
  state.lastCallInputTokens = reply.inputTokens;
  state.modelCalls++;
  return { ...reply, toolCalls: reply.toolCalls.map(sanitize) };
}

/**
 * Model inputs must be objects; a call the SDK could not parse keeps its raw text out of the
 * history. A null argument means "not given" (strict tools send every argument, null when unused).
 */
function sanitize(call: ToolCallRequest): ToolCallRequest {
  const ok = call.input && typeof call.input === "object" && !Array.isArray(call.input);
  if (!ok) return { ...call, input: {} };
  return { ...call, input: Object.fromEntries(Object.entries(call.input as Record<string, unknown>).filter(([, v]) => v !== null)) };
}
