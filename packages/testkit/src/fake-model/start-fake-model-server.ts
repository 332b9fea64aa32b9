import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { closeServer, flattenHeaders, isGone, listen, readBody, sendJson, sleep } from "../lib/http-helpers.ts";
import { sendAnthropicError, sendAnthropicMessage, streamAnthropicMessage } from "./anthropic-messages-responses.ts";
import { normalizeChatRequest } from "./normalize-chat-request.ts";
import { sendOpenAiCompletion, sendOpenAiError, streamOpenAiCompletion } from "./openai-chat-responses.ts";
import { keepRequired } from "./required-arguments.ts";
import { fillNullable, strictSchemaProblem, strictValueProblem } from "./strict-tool-schema.ts";
import { isAnswerTurn, resolveAnswer } from "./turn-answer.ts";
import type { AnswerTurn } from "./turn-answer.ts";
import type { ChatProtocol, ChatRequest, FakeModelServer, FakeResponder, FakeTurn, RecordedRequest } from "./types.ts";

export const NO_TURN_LEFT_MESSAGE = "fake model: no scripted turn left";

const MODELS = ["gpt-4.1", "gpt-4.1-mini", "gpt-4o", "claude-sonnet-4-5"];

interface ServerState {
  queue: FakeTurn[];
  responder: FakeResponder | undefined;
  requests: RecordedRequest[];
  chats: ChatRequest[];
  completions: number;
}

/**
 * An OpenAI- and Anthropic-compatible model server on 127.0.0.1 that answers with scripted turns.
 * Point an SDK at `server.url` (OpenAI: `createOpenAI({ baseURL: server.url }).chat(...)`,
 * Anthropic: `createAnthropic({ baseURL: server.url })`).
 */
export async function startFakeModelServer(options: { port?: number } = {}): Promise<FakeModelServer> {
  const state: ServerState = { queue: [], responder: undefined, requests: [], chats: [], completions: 0 };
  const closing = new AbortController();

  const server = createServer((req, res) => {
    handleRequest(req, res, state, closing.signal).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      sendOpenAiError(res, 500, `fake model: ${message}`);
    });
  });
  const port = await listen(server, options.port ?? 0, "127.0.0.1");
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/v1`,
    origin,
    requests: state.requests,
    enqueue(...turns) {
      state.queue.push(...turns);
    },
    setResponder(fn) {
      state.responder = fn;
    },
    remainingTurns: () => state.queue.length,
    chatRequests: () => [...state.chats],
    reset() {
      state.queue.length = 0;
      state.responder = undefined;
      state.requests.length = 0;
      state.chats.length = 0;
      state.completions = 0;
    },
    async close() {
      closing.abort();
      await closeServer(server);
    },
  };
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, state: ServerState, closing: AbortSignal): Promise<void> {
  const raw = await readBody(req);
  const path = req.url ?? "/";
  const method = req.method ?? "GET";
  const body = parseJson(raw);
  state.requests.push({ path, method, headers: flattenHeaders(req.headers), body, raw, at: Date.now() });

  const pathname = path.split("?")[0];
  if (method === "GET" && pathname === "/v1/models") {
    sendJson(res, 200, { object: "list", data: MODELS.map((id) => ({ id, object: "model", created: 1744316542, owned_by: "system" })) });
  } else if (method === "POST" && pathname === "/v1/chat/completions") {
    await answerCompletion("openai", path, raw, body, res, state, closing);
  } else if (method === "POST" && pathname === "/v1/messages") {
    await answerCompletion("anthropic", path, raw, body, res, state, closing);
  } else {
    sendOpenAiError(res, 404, `Invalid URL (${method} ${path})`);
  }
}

function parseJson(raw: string): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

async function answerCompletion(
  protocol: ChatProtocol,
  path: string,
  raw: string,
  body: unknown,
  res: ServerResponse,
  state: ServerState,
  closing: AbortSignal,
): Promise<void> {
  const sendError = protocol === "openai" ? sendOpenAiError : sendAnthropicError;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return sendError(res, 400, "We could not parse the JSON body of your request.");
  }
  const chat = normalizeChatRequest(protocol, path, body as Record<string, unknown>);
  state.chats.push(chat);
  const index = state.completions++;
  // OpenAI checks strict function schemas before anything else and refuses the request.
  if (protocol === "openai") {
    for (const tool of chat.tools.filter((t) => t.strict)) {
      const problem = strictSchemaProblem(tool.parameters);
      if (problem) return sendError(res, 400, `Invalid schema for function '${tool.name}': ${problem}`);
    }
  }

  let turn = state.queue.shift();
  if (turn === undefined && state.responder !== undefined) {
    try {
      turn = await state.responder(chat, index);
    } catch (error) {
      return sendError(res, 500, `fake model: responder threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (turn === undefined) return sendError(res, 500, NO_TURN_LEFT_MESSAGE);
  if ("hang" in turn) return; // never answered; closeServer drops the connection
  if ("error" in turn) {
    const { status, message, headers } = turn.error;
    return sendError(res, status, message ?? `fake model: scripted error ${status}`, headers);
  }
  if (!isAnswerTurn(turn)) return sendError(res, 500, "fake model: unrecognised scripted turn");
  const shaped = shapeCalls(turn, chat);
  if (typeof shaped === "string") return sendError(res, 500, `fake model: ${shaped}`);

  if (turn.delayMs) await sleep(turn.delayMs, closing);
  if (isGone(res) || closing.aborted) return;

  const idPrefix = protocol === "openai" ? "chatcmpl-" : "msg_";
  const answer = resolveAnswer(shaped, { model: chat.model, raw, sequence: index + 1, idPrefix });
  if (protocol === "openai") {
    const headers = { "x-request-id": `req_fake_${index + 1}`, "openai-processing-ms": "1" };
    const streamOptions = chat.body.stream_options as { include_usage?: boolean } | undefined;
    if (chat.stream) streamOpenAiCompletion(res, answer, { includeUsage: streamOptions?.include_usage === true, headers });
    else sendOpenAiCompletion(res, answer, headers);
  } else {
    const headers = { "request-id": `req_fake_${index + 1}` };
    if (chat.stream) streamAnthropicMessage(res, answer, headers);
    else sendAnthropicMessage(res, answer, headers);
  }
}

/**
 * The scripted calls as the model would send them: only the required arguments when the turn
 * says so; for a strict tool (OpenAI), every nullable argument left out is sent as null, and a
 * call that still breaks the schema is refused (a strict model cannot produce it, so such a
 * script is a mistake in the test).
 */
function shapeCalls(turn: AnswerTurn, chat: ChatRequest): AnswerTurn | string {
  if (!("toolCalls" in turn)) return turn;
  const toolCalls = [];
  for (const call of turn.toolCalls) {
    const tool = chat.tools.find((t) => t.name === call.name);
    if (!tool || typeof call.arguments === "string") {
      toolCalls.push(call);
      continue;
    }
    let args = turn.onlyRequiredArguments ? keepRequired(tool.parameters, call.arguments) : call.arguments;
    if (chat.protocol === "openai" && tool.strict) {
      args = fillNullable(tool.parameters, args ?? {});
      const problem = strictValueProblem(tool.parameters, args);
      if (problem) return `the scripted call to ${call.name} does not fit its strict schema: ${problem}`;
    }
    toolCalls.push({ ...call, arguments: args });
  }
  return { ...turn, toolCalls };
}
