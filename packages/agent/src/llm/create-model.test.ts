import { startFakeModelServer } from "@errand/testkit";
import type { FakeModelServer } from "@errand/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTools, NOT_OFFERED, TOOL_NAMES } from "../act/tool-definitions.ts";
import { createRedactor } from "../safety/secrets/redact.ts";
import { callModel } from "./call-model.ts";
import { createModel } from "./create-model.ts";
import { modelCapabilities } from "./model-capabilities.ts";

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
afterAll(() => server?.close());
beforeEach(() => server.reset());

const ask = (provider: "openai" | "anthropic" | "openai-compatible", model: string) =>
  callModel({
    model: createModel({ provider, model, apiKey: "k", baseUrl: server.url }),
    system: "sys",
    messages: [{ role: "user", content: "hi" }],
    tools: buildTools({ responseFormat: "text", files: true, person: true }).tools,
    signal: new AbortController().signal,
    redactor: createRedactor([]),
  });

describe("models", () => {
  it("speaks to OpenAI, OpenAI-compatible and Anthropic endpoints, with tool calls and token counts", async () => {
    for (const [provider, model, path] of [
      ["openai", "gpt-4.1", "/v1/chat/completions"],
      ["openai-compatible", "llama3.1", "/v1/chat/completions"],
      ["anthropic", "claude-sonnet-4-5", "/v1/messages"],
    ] as const) {
      server.enqueue({ toolCalls: [{ name: "click", arguments: { index: 3 } }], usage: { prompt_tokens: 11, completion_tokens: 5 } });
      const reply = await ask(provider, model);
      expect(reply.toolCalls).toEqual([{ id: expect.any(String), name: "click", input: { index: 3 } }]);
      expect(reply).toMatchObject({ inputTokens: 11, outputTokens: 5 });
      expect(server.requests.at(-1)?.path).toBe(path);
    }
    const offered = TOOL_NAMES.filter((n) => !NOT_OFFERED.has(n)).length;
    expect(server.chatRequests().map((c) => c.toolNames.length)).toEqual([offered, offered, offered]);
  });

  it("needs a base URL for OpenAI-compatible endpoints", () => {
    expect(() => createModel({ provider: "openai-compatible", model: "x" })).toThrow(/base URL/);
  });

  it("knows which models take screenshots", () => {
    expect(modelCapabilities("openai", "gpt-4.1")).toEqual({ vision: true });
    expect(modelCapabilities("openai", "gpt-4.1-mini")).toEqual({ vision: true });
    expect(modelCapabilities("openai", "gpt-4o")).toEqual({ vision: true });
    expect(modelCapabilities("anthropic", "claude-sonnet-4-5")).toEqual({ vision: true });
    expect(modelCapabilities("anthropic", "claude-3-5-sonnet-latest")).toEqual({ vision: true });
    expect(modelCapabilities("openai-compatible", "openai/gpt-4.1")).toEqual({ vision: true });
    expect(modelCapabilities("openai-compatible", "llama3.1:8b")).toEqual({ vision: false });
    expect(modelCapabilities("openai", "gpt-3.5-turbo")).toEqual({ vision: false });
  });
});
