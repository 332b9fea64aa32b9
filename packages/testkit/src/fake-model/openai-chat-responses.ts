import type { ServerResponse } from "node:http";
import { isGone, sendJson } from "../lib/http-helpers.ts";
import type { TurnAnswer } from "./turn-answer.ts";
import { splitIntoPieces } from "./turn-answer.ts";

const ERROR_TYPES: Record<number, { type: string; code: string | null }> = {
  400: { type: "invalid_request_error", code: null },
  401: { type: "invalid_request_error", code: "invalid_api_key" },
  403: { type: "invalid_request_error", code: "unsupported_country_region_territory" },
  404: { type: "invalid_request_error", code: "model_not_found" },
  429: { type: "requests", code: "rate_limit_exceeded" },
};

/** An OpenAI-style error response: `{ error: { message, type, param, code } }`. */
export function sendOpenAiError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const known = ERROR_TYPES[status] ?? { type: status >= 500 ? "server_error" : "invalid_request_error", code: null };
  sendJson(res, status, { error: { message, type: known.type, param: null, code: known.code } }, headers);
}

function toolCallsOf(answer: TurnAnswer) {
  return answer.toolCalls.map((call) => ({
    id: call.id,
    type: "function" as const,
    function: { name: call.name, arguments: call.argumentsText },
  }));
}

function usageOf(answer: TurnAnswer) {
  const { prompt_tokens, completion_tokens } = answer.usage;
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

function finishReason(answer: TurnAnswer): "tool_calls" | "stop" {
  return answer.toolCalls.length > 0 ? "tool_calls" : "stop";
}

/** A non-streaming `chat.completion` object. */
export function sendOpenAiCompletion(res: ServerResponse, answer: TurnAnswer, headers: Record<string, string>): void {
  const toolCalls = toolCallsOf(answer);
  sendJson(
    res,
    200,
    {
      id: answer.id,
      object: "chat.completion",
      created: answer.created,
      model: answer.model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: answer.text ?? null,
            refusal: null,
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          },
          logprobs: null,
          finish_reason: finishReason(answer),
        },
      ],
      usage: usageOf(answer),
      system_fingerprint: "fp_fake",
    },
    headers,
  );
}

/** A streamed completion: `data: {chat.completion.chunk}` lines, then `data: [DONE]`. */
export function streamOpenAiCompletion(
  res: ServerResponse,
  answer: TurnAnswer,
  options: { includeUsage: boolean; headers: Record<string, string> },
): void {
  if (isGone(res)) return;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    ...options.headers,
  });
  const base = {
    id: answer.id,
    object: "chat.completion.chunk",
    created: answer.created,
    model: answer.model,
    system_fingerprint: "fp_fake",
  };
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    send({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(options.includeUsage ? { usage: null } : {}),
    });

  const hasText = answer.text !== undefined && answer.text.length > 0;
  chunk({ role: "assistant", content: hasText ? "" : null, refusal: null });
  if (hasText) for (const piece of splitIntoPieces(answer.text ?? "")) chunk({ content: piece });
  answer.toolCalls.forEach((call, index) => {
    chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] });
    for (const piece of splitIntoPieces(call.argumentsText)) chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  chunk({}, finishReason(answer));
  if (options.includeUsage) send({ ...base, choices: [], usage: usageOf(answer) });
  res.end("data: [DONE]\n\n");
}
