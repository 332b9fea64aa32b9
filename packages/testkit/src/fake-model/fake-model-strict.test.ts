import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, generateText, jsonSchema, tool } from "ai";
import { describe, expect } from "vitest";
import { fakeModelTest } from "../testing/fake-model-test.ts";
import { sampleFromSchema } from "./required-arguments.ts";
import type { FakeModelServer } from "./types.ts";

const strictFind = tool({
  description: "Find",
  strict: true,
  inputSchema: jsonSchema({
    type: "object",
    properties: { query: { type: "string" }, limit: { type: ["integer", "null"] } },
    required: ["query", "limit"],
    additionalProperties: false,
  }),
});
const looseFind = tool({
  description: "Find",
  inputSchema: jsonSchema({
    type: "object",
    properties: {
      query: { type: "string" },
      limit: { type: "integer" },
      filters: { type: "object", properties: { site: { type: "string" }, lang: { type: "string" } }, required: ["site"] },
    },
    required: ["query", "filters"],
  }),
});

const it = fakeModelTest;

describe("fake model: strict tools and models that fill only required arguments", () => {
  const model = (server: FakeModelServer) => createOpenAI({ baseURL: server.url, apiKey: "test-key" }).chat("gpt-4.1");

  it("records each tool's schema and whether it was sent strict", async ({ fakeModel: server }) => {
    server.enqueue({ toolCalls: [{ name: "find", arguments: { query: "lamps", limit: 3 } }] });
    await generateText({ model: model(server), tools: { find: strictFind, other: looseFind }, prompt: "go" });
    const [chat] = server.chatRequests();
    expect(chat?.tools.map((t) => [t.name, t.strict])).toEqual([
      ["find", true],
      ["other", false],
    ]);
    expect(chat?.tools[0]?.parameters).toMatchObject({ required: ["query", "limit"], additionalProperties: false });
  });

  it("refuses a strict schema that breaks OpenAI's rules with a 400 naming the problem", async ({ fakeModel: server }) => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
        /'additionalProperties' is required to be supplied and to be false/,
      ],
      [
        { type: "object", properties: { q: { type: "string" }, n: { type: "integer" } }, required: ["q"], additionalProperties: false },
        /Missing 'n'/,
      ],
      [
        { type: "object", properties: { q: { type: "string", minLength: 2 } }, required: ["q"], additionalProperties: false },
        /In q, 'minLength' is not permitted/,
      ],
      [
        { type: "object", properties: { q: { description: "anything" } }, required: ["q"], additionalProperties: false },
        /In q, the schema must have a 'type' key/,
      ],
      [
        { type: "object", properties: { q: { type: "string", format: "uri" } }, required: ["q"], additionalProperties: false },
        /In q, format 'uri' is not supported/,
      ],
    ];
    for (const [schema, message] of cases) {
      server.enqueue({ text: "never sent" });
      const bad = tool({ description: "Bad", strict: true, inputSchema: jsonSchema(schema) });
      const error = await generateText({ model: model(server), tools: { bad }, prompt: "go", maxRetries: 0 }).catch((e: unknown) => e);
      expect(APICallError.isInstance(error)).toBe(true);
      expect((error as APICallError).statusCode).toBe(400);
      expect((error as APICallError).message).toMatch(/^Invalid schema for function 'bad': /);
      expect((error as APICallError).message).toMatch(message);
      server.reset();
    }
  });

  it("sends a strict tool's left-out nullable arguments as null, and refuses a script a strict model could not produce", async ({
    fakeModel: server,
  }) => {
    server.enqueue({ toolCalls: [{ name: "find", arguments: { query: "lamps" } }] });
    const result = await generateText({ model: model(server), tools: { find: strictFind }, prompt: "go" });
    expect(result.toolCalls[0]?.input).toEqual({ query: "lamps", limit: null });

    server.enqueue({ toolCalls: [{ name: "find", arguments: { query: 42 } }] });
    const error = await generateText({ model: model(server), tools: { find: strictFind }, prompt: "go", maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect((error as APICallError).statusCode).toBe(500);
    expect((error as APICallError).message).toBe(
      'fake model: the scripted call to find does not fit its strict schema: query must be of type "string"',
    );
  });

  it("leaves out every argument a schema does not require when the turn says so", async ({ fakeModel: server }) => {
    server.enqueue({
      onlyRequiredArguments: true,
      toolCalls: [{ name: "other", arguments: { query: "lamps", limit: 3, filters: { site: "shop", lang: "en" } } }],
    });
    const result = await generateText({ model: model(server), tools: { other: looseFind }, prompt: "go" });
    expect(result.toolCalls[0]?.input).toEqual({ query: "lamps", filters: { site: "shop" } });
  });

  it("samples a value for any schema, filling only what it requires", () => {
    const schema = {
      type: "object",
      properties: {
        rows: {
          type: "array",
          maxItems: 2,
          items: {
            type: "object",
            properties: {
              url: { type: "string", format: "uri" },
              rank: { type: "integer" },
              note: { type: ["string", "null"] },
              extra: { type: "string" },
            },
            required: ["url", "rank", "note"],
          },
        },
        total: { type: "number" },
      },
      required: ["rows"],
    };
    expect(sampleFromSchema(schema)).toEqual({
      rows: [
        { url: "https://example.com/item-1", rank: 1, note: "Sample 1" },
        { url: "https://example.com/item-2", rank: 2, note: "Sample 2" },
      ],
    });
  });
});
