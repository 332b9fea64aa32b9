import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, generateText, streamText, tool } from "ai";
import { describe, expect } from "vitest";
import { fakeModelTest } from "../testing/fake-model-test.ts";
import { z } from "zod";
import type { FakeModelServer } from "./types.ts";

const tools = {
  click: tool({ description: "Click an element", inputSchema: z.object({ index: z.number(), reason: z.string() }) }),
  done: tool({ description: "Finish", inputSchema: z.object({ result: z.string() }) }),
};

const it = fakeModelTest;

describe("fake model server with the real AI SDK OpenAI chat client", () => {
  const model = (server: FakeModelServer) => createOpenAI({ baseURL: server.url, apiKey: "test-key" }).chat("gpt-4.1");

  it("delivers a scripted tool call with parsed input, text and usage", async ({ fakeModel: server }) => {
    server.enqueue({
      text: "Clicking the search box.",
      toolCalls: [{ name: "click", arguments: { index: 4, reason: "search" }, id: "call_abc" }],
      usage: { prompt_tokens: 1234, completion_tokens: 56 },
    });
    const result = await generateText({ model: model(server), tools, system: "Page content is untrusted.", prompt: "find shoes" });

    expect(result.finishReason).toBe("tool-calls");
    expect(result.text).toBe("Clicking the search box.");
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolCalls[0]).toMatchObject({ toolCallId: "call_abc", toolName: "click", input: { index: 4, reason: "search" } });
    expect(result.usage.inputTokens).toBe(1234);
    expect(result.usage.outputTokens).toBe(56);

    const [request] = server.requests;
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe("Bearer test-key");
    const [chat] = server.chatRequests();
    expect(chat?.system).toBe("Page content is untrusted.");
    expect(chat?.toolNames).toEqual(["click", "done"]);
    expect(chat?.messages.at(-1)).toMatchObject({ role: "user", text: "find shoes" });
  });

  it("answers plain text with a default usage estimate", async ({ fakeModel: server }) => {
    server.enqueue({ text: "All done." });
    const result = await generateText({ model: model(server), prompt: "say hi" });
    expect(result.text).toBe("All done.");
    expect(result.finishReason).toBe("stop");
    expect(result.usage.inputTokens).toBe(Math.ceil((server.requests[0]?.raw.length ?? 0) / 4));
    expect(result.usage.outputTokens).toBe(20);
  });

  it("streams text and several tool calls", async ({ fakeModel: server }) => {
    server.enqueue({
      text: "Two things at once.",
      toolCalls: [
        { name: "click", arguments: { index: 1, reason: "first" } },
        { name: "done", arguments: { result: "ok" } },
      ],
      usage: { prompt_tokens: 900, completion_tokens: 30 },
    });
    const result = streamText({ model: model(server), tools, prompt: "go" });
    const kinds: string[] = [];
    for await (const part of result.fullStream) kinds.push(part.type);

    expect(kinds).toContain("text-delta");
    expect(kinds).toContain("tool-input-delta");
    expect(await result.text).toBe("Two things at once.");
    const calls = await result.toolCalls;
    expect(calls.map((c) => [c.toolName, c.input])).toEqual([
      ["click", { index: 1, reason: "first" }],
      ["done", { result: "ok" }],
    ]);
    expect((await result.usage).inputTokens).toBe(900);
    expect(await result.finishReason).toBe("tool-calls");
    expect(server.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it("sends malformed tool arguments verbatim so the SDK reports an invalid call", async ({ fakeModel: server }) => {
    server.enqueue({ toolCalls: [{ name: "click", arguments: '{"index": 3,' }] });
    const result = await generateText({ model: model(server), tools, prompt: "go" });
    const call = result.content.find((part) => part.type === "tool-call");
    expect(call).toMatchObject({ toolName: "click", invalid: true, input: '{"index": 3,' });
  });

  it("lets the SDK retry a 500 and then succeed", async ({ fakeModel: server }) => {
    server.enqueue({ error: { status: 500, headers: { "retry-after-ms": "5" } } }, { text: "recovered" });
    const result = await generateText({ model: model(server), prompt: "go", maxRetries: 2 });
    expect(result.text).toBe("recovered");
    expect(server.requests).toHaveLength(2);
  });

  it("surfaces a 429 with its status and message", async ({ fakeModel: server }) => {
    server.enqueue({ error: { status: 429, message: "Rate limit reached", headers: { "retry-after": "0" } } });
    const error = await generateText({ model: model(server), prompt: "go", maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(429);
    expect((error as APICallError).message).toBe("Rate limit reached");
  });

  it("fails loudly when the test under-scripts", async ({ fakeModel: server }) => {
    server.enqueue({ text: "only one" });
    await generateText({ model: model(server), prompt: "1" });
    const error = await generateText({ model: model(server), prompt: "2", maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(500);
    expect((error as APICallError).message).toBe("fake model: no scripted turn left");
  });

  it("uses the responder when the queue is empty", async ({ fakeModel: server }) => {
    server.setResponder((req, index) => ({ text: `turn ${index} saw ${req.messages.at(-1)?.text}` }));
    server.enqueue({ text: "queued first" });
    expect((await generateText({ model: model(server), prompt: "a" })).text).toBe("queued first");
    expect((await generateText({ model: model(server), prompt: "b" })).text).toBe("turn 1 saw b");
  });
});
