import { APICallError, ToolChoiceViolationError, generateText } from "ai";
import type { LanguageModel, ModelMessage, ToolSet } from "ai";
import { abortableSleep } from "../lib/abortable-sleep.ts";
import type { Redactor } from "../safety/secrets/redact.ts";
import type { ToolCallRequest } from "../types/actions.ts";
import type { RetryPolicy } from "../types/model.ts";
import { redactMessages } from "./redact-messages.ts";

export interface ModelCall {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  signal: AbortSignal;
  retry?: RetryPolicy;
  redactor: Redactor;
  onRetry?: (message: string) => void;
}

export interface ModelReply {
  text: string;
  toolCalls: ToolCallRequest[];
  inputTokens: number;
  outputTokens: number;
}

/** The model could not answer (unreachable after retries, or refused the request): a system fault. */
export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelError";
  }
}

const MAX_DELAY_MS = 30_000;

function retryDelayMs(error: APICallError, attempt: number, base: number): number {
  const headers = error.responseHeaders ?? {};
  const ms = Number.parseFloat(headers["retry-after-ms"] ?? "");
  if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_DELAY_MS);
  const after = headers["retry-after"];
  if (after !== undefined) {
    const seconds = Number.parseFloat(after);
    const fromDate = Date.parse(after) - Date.now();
    const value = Number.isFinite(seconds) ? seconds * 1000 : fromDate;
    if (Number.isFinite(value) && value >= 0) return Math.min(value, MAX_DELAY_MS);
  }
  const exp = base * 2 ** attempt;
  return Math.min(exp * (0.8 + Math.random() * 0.4), MAX_DELAY_MS);
}

function describe(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ? `HTTP ${error.statusCode}: ` : "";
    return `${status}${error.message}`.slice(0, 300);
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

/**
 * One model call with our own retry loop (429 / 5xx / connection errors, Retry-After honoured,
 * aborted by the run's signal). Secrets are redacted from everything sent. Unparsable or
 * invalid tool calls come back marked `invalid` with the reason, for the model to fix.
 */
export async function callModel(call: ModelCall): Promise<ModelReply> {
  const maxRetries = call.retry?.maxRetries ?? 4;
  const base = call.retry?.baseDelayMs ?? 1_000;
  const system = call.redactor.redact(call.system);
  const messages = redactMessages(call.messages, call.redactor);
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await generateText({
        model: call.model,
        system,
        messages,
        ...(call.tools ? { tools: call.tools, toolChoice: "required" as const } : {}),
        maxRetries: 0,
        abortSignal: call.signal,
      });
      return {
        text: result.text,
        toolCalls: result.toolCalls.map((tc) => ({
          id: tc.toolCallId,
          name: tc.toolName,
          input: tc.input,
          ...(tc.invalid ? { invalid: describe(tc.error) } : {}),
        })),
        inputTokens: result.usage.inputTokens ?? 0,
        outputTokens: result.usage.outputTokens ?? 0,
      };
    } catch (error) {
      if (call.signal.aborted) throw call.signal.reason ?? error;
      if (ToolChoiceViolationError.isInstance(error)) {
        // The model answered in prose although a tool call was required: the loop nudges it.
        // (The SDK does not report usage for this case.)
        const parts = Array.isArray(error.content) ? (error.content as { type: string; text?: string }[]) : [];
        const text = parts.map((p) => (p.type === "text" ? (p.text ?? "") : "")).join("");
        return { text, toolCalls: [], inputTokens: 0, outputTokens: 0 };
      }
      const retryable = APICallError.isInstance(error) && error.isRetryable;
      if (!retryable) throw new ModelError(`The model call failed: ${describe(error)}`);
      if (attempt >= maxRetries) {
        throw new ModelError(`The model could not be reached after ${attempt + 1} attempts: ${describe(error)}`);
      }
      const delay = retryDelayMs(error, attempt, base);
      call.onRetry?.(
        `Model call failed (${describe(error).slice(0, 120)}); retry ${attempt + 1} of ${maxRetries} in ${Math.round(delay)} ms.`,
      );
      await abortableSleep(delay, call.signal);
    }
  }
}
