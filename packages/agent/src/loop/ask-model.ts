import { callModel } from "../llm/call-model.ts";
import type { ModelReply } from "../llm/call-model.ts";
import type { Observation } from "../observe/create-observer.ts";
import { stepMessage } from "../prompts/step-message.ts";
import type { ToolCallRequest } from "../types/actions.ts";
import { buildMessages } from "./history.ts";
import type { RunContext } from "./run-context.ts";

/**
 * The step's model call: the task, the history and the page as observed, with the notes gathered
 * since the last step (the last step is told to finish). The screenshot goes along only when the
 * model sees images and no secret shows on the page. Tokens and the call are counted.
 */
export async function askModel(ctx: RunContext, obs: Observation, number: number): Promise<ModelReply> {
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
  const reply = await callModel({
    model: ctx.model,
    system: ctx.system,
    messages: buildMessages(ctx.taskText, state.history, content),
    tools: ctx.tools,
    signal: ctx.control.signal,
    retry: ctx.retry,
    redactor: ctx.redactor,
    onRetry: (message) => void ctx.emit({ type: "log", message }),
  });
  state.inputTokens += reply.inputTokens;
  state.outputTokens += reply.outputTokens;
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
