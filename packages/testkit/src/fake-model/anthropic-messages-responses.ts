import type { ServerResponse } from "node:http";
import { isGone, sendJson } from "../lib/http-helpers.ts";
import type { TurnAnswer } from "./turn-answer.ts";
import { splitIntoPieces } from "./turn-answer.ts";

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

/** An Anthropic-style error response: `{ type: "error", error: { type, message } }`. */
export function sendAnthropicError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const type = ERROR_TYPES[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
  sendJson(res, status, { type: "error", error: { type, message } }, headers);
}

function stopReason(answer: TurnAnswer): "tool_use" | "end_turn" {
  return answer.toolCalls.length > 0 ? "tool_use" : "end_turn";
}

/** Tool input as an object; a malformed scripted string is passed on as a string (the SDK then rejects it). */
function parseInput(argumentsText: string): unknown {
  try {
    return JSON.parse(argumentsText);
  } catch {
    return argumentsText;
  }
}

/** A non-streaming `message` object. */
export function sendAnthropicMessage(res: ServerResponse, answer: TurnAnswer, headers: Record<string, string>): void {
  const content: unknown[] = [];
  if (answer.text !== undefined && answer.text.length > 0) content.push({ type: "text", text: answer.text });
  for (const call of answer.toolCalls)
    content.push({ type: "tool_use", id: call.id, name: call.name, input: parseInput(call.argumentsText) });
  sendJson(
    res,
    200,
    {
      id: answer.id,
      type: "message",
      role: "assistant",
      model: answer.model,
      content,
      stop_reason: stopReason(answer),
      stop_sequence: null,
      usage: { input_tokens: answer.usage.prompt_tokens, output_tokens: answer.usage.completion_tokens },
    },
    headers,
  );
}

/** A streamed message: message_start, content blocks with deltas, message_delta, message_stop. */
export function streamAnthropicMessage(res: ServerResponse, answer: TurnAnswer, headers: Record<string, string>): void {
  if (isGone(res)) return;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    ...headers,
  });
  const send = (data: { type: string } & Record<string, unknown>) => res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);

  send({
    type: "message_start",
    message: {
      id: answer.id,
      type: "message",
      role: "assistant",
      model: answer.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: answer.usage.prompt_tokens, output_tokens: 1 },
    },
  });
  send({ type: "ping" });
  let index = 0;
  if (answer.text !== undefined && answer.text.length > 0) {
    send({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
    for (const piece of splitIntoPieces(answer.text))
      send({ type: "content_block_delta", index, delta: { type: "text_delta", text: piece } });
    send({ type: "content_block_stop", index });
    index += 1;
  }
  for (const call of answer.toolCalls) {
    send({ type: "content_block_start", index, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } });
    for (const piece of splitIntoPieces(call.argumentsText)) {
      send({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: piece } });
    }
    send({ type: "content_block_stop", index });
    index += 1;
  }
  send({
    type: "message_delta",
    delta: { stop_reason: stopReason(answer), stop_sequence: null },
    usage: { output_tokens: answer.usage.completion_tokens },
  });
  send({ type: "message_stop" });
  res.end();
}
