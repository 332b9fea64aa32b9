import { createAnthropic } from "@ai-sdk/anthropic";
import { APICallError, generateText, stepCountIs, streamText, tool } from "ai";
import { describe, expect } from "vitest";
import { fakeModelTest } from "../testing/fake-model-test.ts";
import { z } from "zod";
import type { FakeModelServer } from "./types.ts";

const tools = {
  type_text: tool({ description: "Type", inputSchema: z.object({ index: z.number(), text: z.string() }) }),
};

const it = fakeModelTest;

describe("fake model server with the real AI SDK Anthropic client", () => {
  const model = (server: FakeModelServer) => createAnthropic({ baseURL: `${server.origin}/v1`, apiKey: "test-key" })("claude-sonnet-4-5");

  it("delivers a tool_use block as a tool call, with text and usage", async ({ fakeModel: server }) => {
    server.enqueue({
      text: "Typing now.",
      toolCalls: [{ name: "type_text", arguments: { index: 2, text: "shoes" } }],
      usage: { prompt_tokens: 321, completion_tokens: 12 },
    });
    const result = await generateText({ model: model(server), tools, system: "You are a browsing agent.", prompt: "search shoes" });

    expect(result.finishReason).toBe("tool-calls");
    expect(result.text).toBe("Typing now.");
    expect(result.toolCalls[0]).toMatchObject({ toolName: "type_text", input: { index: 2, text: "shoes" } });
    expect(result.usage.inputTokens).toBe(321);
    expect(result.usage.outputTokens).toBe(12);
    expect(server.requests[0]?.path).toBe("/v1/messages");
    expect(server.requests[0]?.headers["x-api-key"]).toBe("test-key");
    expect(server.chatRequests()[0]?.system).toBe("You are a browsing agent.");
  });

  it("streams text and input_json_delta tool input", async ({ fakeModel: server }) => {
    server.enqueue({
      text: "Streaming.",
      toolCalls: [{ name: "type_text", arguments: { index: 7, text: "hello world" } }],
      usage: { prompt_tokens: 50, completion_tokens: 9 },
    });
    const result = streamText({ model: model(server), tools, prompt: "go" });
    const kinds: string[] = [];
    for await (const part of result.fullStream) kinds.push(part.type);

    expect(kinds).toEqual(expect.arrayContaining(["text-delta", "tool-input-delta", "tool-call"]));
    expect(await result.text).toBe("Streaming.");
    expect((await result.toolCalls)[0]?.input).toEqual({ index: 7, text: "hello world" });
    expect(await result.finishReason).toBe("tool-calls");
    const usage = await result.usage;
    expect([usage.inputTokens, usage.outputTokens]).toEqual([50, 9]);
  });

  it("ends a text-only turn with end_turn", async ({ fakeModel: server }) => {
    server.enqueue({ text: "The price is $1,299.00." });
    const result = streamText({ model: model(server), prompt: "price?" });
    expect(await result.text).toBe("The price is $1,299.00.");
    expect(await result.finishReason).toBe("stop");
  });

  it("retries an overloaded 529, and surfaces a 429", async ({ fakeModel: server }) => {
    server.enqueue({ error: { status: 529, headers: { "retry-after-ms": "5" } } }, { text: "back" });
    expect((await generateText({ model: model(server), prompt: "go", maxRetries: 1 })).text).toBe("back");

    server.enqueue({ error: { status: 429, message: "Number of request tokens has exceeded your rate limit" } });
    const error = await generateText({ model: model(server), prompt: "go", maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(429);
    expect((error as APICallError).message).toContain("rate limit");
  });

  it("normalises tool results sent back in the next request", async ({ fakeModel: server }) => {
    server.enqueue({ toolCalls: [{ name: "type_text", arguments: { index: 1, text: "x" }, id: "toolu_1" }] }, { text: "done" });
    const withExecute = { type_text: tool({ ...tools.type_text, execute: async () => "typed OK" }) };
    const result = await generateText({ model: model(server), tools: withExecute, prompt: "go", stopWhen: stepCountIs(2) });
    expect(result.text).toBe("done");
    const second = server.chatRequests()[1];
    expect(second?.messages.find((m) => m.role === "assistant")?.toolCalls[0]).toMatchObject({ id: "toolu_1", name: "type_text" });
    expect(second?.messages.find((m) => m.role === "tool")).toMatchObject({
      toolCallId: "toolu_1",
      text: expect.stringContaining("typed OK"),
    });
  });
});
