import { describe, expect, test } from "vitest";
import { closedAfter } from "../testing/closed-after.ts";
import { NO_TURN_LEFT_MESSAGE, startFakeModelServer } from "./start-fake-model-server.ts";
import type { FakeModelServer } from "./types.ts";

const post = (server: FakeModelServer, body: unknown, path = "/chat/completions") =>
  fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const it = test.extend("server", closedAfter(startFakeModelServer));

describe("startFakeModelServer (raw HTTP)", () => {
  it("listens on 127.0.0.1 with a /v1 base URL and lists models", async ({ server }) => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(server.url).toBe(`${server.origin}/v1`);
    const models = (await (await fetch(`${server.url}/models`)).json()) as { data: { id: string }[] };
    expect(models.data.map((m) => m.id)).toContain("gpt-4.1");
  });

  it("answers 500 with an OpenAI error body when nothing is scripted, and records it", async ({ server }) => {
    const response = await post(server, { model: "gpt-4.1", messages: [{ role: "user", content: "hi" }] });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { message: NO_TURN_LEFT_MESSAGE, type: "server_error", param: null, code: null } });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: "POST", path: "/v1/chat/completions", body: { model: "gpt-4.1" } });
  });

  it("answers an Anthropic error body on /v1/messages", async ({ server }) => {
    server.enqueue({ error: { status: 401, message: "invalid x-api-key" } });
    const response = await post(server, { model: "claude", messages: [] }, "/messages");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } });
  });

  it("passes scripted error headers and rejects non-JSON bodies", async ({ server }) => {
    server.enqueue({ error: { status: 429, headers: { "retry-after": "7" } } });
    const limited = await post(server, { messages: [] });
    expect(limited.headers.get("retry-after")).toBe("7");
    const bad = await fetch(`${server.url}/chat/completions`, { method: "POST", body: "{not json" });
    expect(bad.status).toBe(400);
    expect(server.requests.map((r) => r.raw)).toContain("{not json");
  });

  it("formats a non-streaming completion like OpenAI", async ({ server }) => {
    server.enqueue({ toolCalls: [{ name: "navigate", arguments: { url: "https://example.com" } }] });
    const body = (await (await post(server, { model: "gpt-4.1", messages: [] })).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: "chat.completion",
      model: "gpt-4.1",
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          message: {
            role: "assistant",
            content: null,
            tool_calls: [{ type: "function", function: { name: "navigate", arguments: '{"url":"https://example.com"}' } }],
          },
        },
      ],
      usage: { completion_tokens: 20 },
    });
  });

  it("streams SSE chunks ending in a usage chunk and [DONE]", async ({ server }) => {
    server.enqueue({ toolCalls: [{ name: "scroll", arguments: { down: true } }], usage: { prompt_tokens: 10, completion_tokens: 2 } });
    const response = await post(server, { model: "gpt-4.1", messages: [], stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const lines = (await response.text()).split("\n").filter((l) => l.startsWith("data: "));
    expect(lines.at(-1)).toBe("data: [DONE]");
    const chunks = lines
      .slice(0, -1)
      .map((l) => JSON.parse(l.slice(6)) as { choices: { finish_reason: string | null }[]; usage?: unknown });
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe("tool_calls");
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 } });
  });

  it("honours delayMs, and a hanging turn is dropped on close", async ({ server }) => {
    server.enqueue({ text: "late", delayMs: 150 }, { hang: true });
    const started = Date.now();
    await (await post(server, { messages: [] })).json();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    const hanging = post(server, { messages: [] }).then(
      () => "answered",
      () => "dropped",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.close();
    expect(await hanging).toBe("dropped");
  });

  it("reset clears queue, responder and requests", async ({ server }) => {
    server.enqueue({ text: "a" }, { text: "b" });
    server.setResponder(() => ({ text: "c" }));
    await post(server, { messages: [] });
    expect(server.remainingTurns()).toBe(1);
    server.reset();
    expect(server.remainingTurns()).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect((await post(server, { messages: [] })).status).toBe(500);
  });
});
