import { CATALOG } from "@errand/content/catalog";
import { NEWS_ITEMS } from "@errand/testkit";
import type { ChatRequest, ChatTool, FakeTurn } from "@errand/testkit";
import { describe, expect } from "vitest";
import { NOT_OFFERED, TOOL_NAMES } from "../act/tool-definitions.ts";
import { createTakeover } from "./takeover.ts";
import { agentTest } from "../testing/agent-test.ts";
import { productFactsTask } from "../testing/product-facts-task.ts";
import { done } from "../testing/turns.ts";
import { latestState, toolResults } from "../testing/harness.ts";
import type { Harness } from "../testing/harness.ts";

const it = agentTest;
let h: Harness;
it.beforeAll(({ agent }) => {
  h = agent;
});

/** A done call from a model that fills only the arguments the tool's schema requires. */
const doneRequiredOnly = (args: Record<string, unknown>): FakeTurn => ({
  toolCalls: [{ name: "done", arguments: args }],
  onlyRequiredArguments: true,
});
const doneTool = (req: ChatRequest | undefined): ChatTool | undefined => req?.tools.find((t) => t.name === "done");

const productSchema = {
  type: "object",
  properties: {
    name: { type: "string" },
    price: { type: "number" },
    sku: { type: "string", pattern: "^SKU-\\d+$" },
    color: { type: "string" },
  },
  required: ["name", "price", "sku"],
  additionalProperties: false,
};
const lamp = { name: "Aurora Desk Lamp", price: 49, sku: "SKU-1001" };
// Words of the protocol between the agent and the model, which a person must never read.
const INTERNAL_WORDS = /\bdone\b|\bdata\b|success=|\btool\b|call done/i;

describe("JSON answers from a model that fills only required arguments", () => {
  it("reaches a valid answer with the task's schema, whatever the provider", async () => {
    for (const provider of ["openai", "openai-compatible", "anthropic"] as const) {
      h.model.reset();
      h.model.enqueue(doneRequiredOnly({ success: true, data: lamp, text: "Read on the product page." }));
      const { result } = await h.run({
        provider,
        task: productFactsTask(h.sites.url, productSchema),
      });
      expect(result, provider).toMatchObject({ status: "success", steps: 1 });
      expect(JSON.parse(result.result ?? "")).toEqual(lamp);
    }
  });

  it("without a schema, asks for any JSON object or array and holds the answer to it", async () => {
    h.model.enqueue(
      doneRequiredOnly({ success: true, data: "The Aurora Desk Lamp costs $49.00" }),
      doneRequiredOnly({ success: true, data: { product: "Aurora Desk Lamp", price: 49 } }),
    );
    const { result } = await h.run({
      task: { prompt: "The lamp's name and price", initialUrl: `${h.sites.url}/shop/product/1001`, responseFormat: "json" },
    });
    expect(result).toMatchObject({ status: "success", steps: 2 });
    expect(JSON.parse(result.result ?? "")).toEqual({ product: "Aurora Desk Lamp", price: 49 });

    const [first, second] = h.model.chatRequests();
    expect(first?.messages.find((m) => m.role === "user")?.text).toContain("Answer format: any JSON object or array");
    expect(doneTool(first)?.parameters).toMatchObject({ required: expect.arrayContaining(["success", "data"]) });
    expect(toolResults(second!).join("\n")).toMatch(
      /data must be an object or a list, but it is the text "The Aurora Desk Lamp costs \$49\.00"/,
    );
  });

  it("fills a catalogue automation's table from the page (Hacker News front page, on the fixture copy)", async () => {
    const automation = CATALOG.find((a) => a.slug === "hacker-news-top-stories")!;
    const origin = h.sites.url;
    const stories = NEWS_ITEMS.map((item) => ({
      rank: item.rank,
      title: item.title,
      url: `${origin}/news/item/${item.rank}`,
      site: item.site || null,
      points: item.points,
      author: item.author,
      age: item.age,
      comments: item.comments,
      discussionUrl: `${origin}/news/item/${item.rank}`,
    }));
    for (const provider of ["openai", "openai-compatible"] as const) {
      h.model.reset();
      h.model.setResponder((req) => {
        // The model reads the stories off the page it is shown.
        expect(latestState(req)).toContain(NEWS_ITEMS[24]!.title);
        return doneRequiredOnly({ success: true, data: { stories }, text: "25 stories on the page." });
      });
      const { result } = await h.run({
        provider,
        task: { prompt: automation.prompt, initialUrl: `${origin}/news`, responseFormat: "json", jsonSchema: automation.jsonSchema },
      });
      expect(result, provider).toMatchObject({ status: "success", steps: 1 });
      expect(JSON.parse(result.result ?? "")).toEqual({ stories });
    }
  });
});

describe("the protocol sent to each provider", () => {
  it("is strict for OpenAI: every tool, with every argument required and nothing extra", async () => {
    h.model.enqueue(done({ success: true, data: lamp }));
    // With screenshots and a file, so that every tool is offered (the screenshot-point tools need screenshots, upload_file files).
    const files = [{ name: "notes.txt", path: "/nonexistent/notes.txt", size: 5, contentType: "text/plain" }];
    // And a take-over, for ask_person; solve_captcha is the loop's own, never offered.
    await h.run({
      task: { prompt: "x", responseFormat: "json", jsonSchema: productSchema },
      vision: true,
      files,
      takeover: createTakeover(),
    });
    const tools = h.model.chatRequests()[0]!.tools;
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES.filter((n) => !NOT_OFFERED.has(n)).sort());
    for (const tool of tools) {
      expect(tool.strict, tool.name).toBe(true);
      expect(tool.parameters, tool.name).toMatchObject({
        type: "object",
        additionalProperties: false,
        required: Object.keys(tool.parameters.properties as object),
      });
    }
    // The schema's optional field becomes nullable; its pattern is shown in words (OpenAI refuses some keywords).
    const data = JSON.stringify(doneTool(h.model.chatRequests()[0])?.parameters);
    expect(data).toContain('"color":{"type":["string","null"]}');
    expect(data).toContain("^SKU-\\\\d+$");
  });

  it("is not strict for OpenAI-compatible endpoints and Anthropic, and still requires the answer", async () => {
    for (const provider of ["openai-compatible", "anthropic"] as const) {
      h.model.reset();
      h.model.enqueue(done({ success: true, data: lamp }));
      await h.run({ provider, task: { prompt: "x", responseFormat: "json", jsonSchema: productSchema } });
      const tools = h.model.chatRequests()[0]!.tools;
      expect(
        tools.filter((t) => t.strict),
        provider,
      ).toEqual([]);
      expect(JSON.stringify(h.model.requests[0]?.body)).not.toContain('"strict"');
      expect(doneTool(h.model.chatRequests()[0])?.parameters, provider).toMatchObject({
        required: ["success", "data"],
        properties: { data: productSchema },
      });
    }
  });

  it("sends a strict schema it cannot express in OpenAI's subset without strict, and the answer still counts", async () => {
    // Rows keyed by the page's own column headers: free-form objects, which strict mode cannot express.
    const automation = CATALOG.find((a) => a.slug === "extract-table-from-any-page")!;
    const rows = [{ Company: "Helios Energy", City: "Madrid" }];
    h.model.enqueue(doneRequiredOnly({ success: true, data: { rows }, text: "One row." }));
    const { result } = await h.run({
      task: { prompt: "Extract the table", initialUrl: `${h.sites.url}/table`, responseFormat: "json", jsonSchema: automation.jsonSchema },
    });
    expect(result.status).toBe("success");
    const tools = h.model.chatRequests()[0]!.tools;
    expect(doneTool(h.model.chatRequests()[0])?.strict).toBe(false);
    expect(tools.filter((t) => t.name !== "done").every((t) => t.strict)).toBe(true);
  });
});

describe("a wrong answer", () => {
  it("is sent back with precisely what to fix, and the corrected answer is accepted", async () => {
    h.model.enqueue(
      done({ success: true, data: { name: "Aurora Desk Lamp", price: 49, sku: "1001" } }),
      done({ success: true, data: lamp, text: null }),
    );
    const { result, steps } = await h.run({
      task: productFactsTask(h.sites.url, productSchema),
    });
    expect(result).toMatchObject({ status: "success", steps: 2 });
    const feedback = toolResults(h.model.chatRequests()[1]!).join("\n");
    expect(feedback).toContain('data.sku must match the pattern ^SKU-\\d+$, but it is the text "1001"');
    expect(feedback).toMatch(/Call done again .* complete corrected answer in data/);
    // The step, as people see it, says what was wrong in plain words.
    expect(steps[0]?.error).toBe(
      'The agent\'s answer did not fit the JSON schema: sku must match the pattern ^SKU-\\d+$, but it is the text "1001".',
    );
    expect(steps[0]?.error).not.toMatch(INTERNAL_WORDS);
  });

  it("from a model without strict tools: wrong types, missing and unknown fields, each named", async () => {
    h.model.setResponder(() => done({ success: true, data: { name: "Aurora Desk Lamp", price: "$49.00", colour: "white" } }));
    const { result, steps } = await h.run({
      provider: "openai-compatible",
      task: productFactsTask(h.sites.url, productSchema),
    });
    const feedback = toolResults(h.model.chatRequests()[1]!).join("\n");
    expect(feedback).toContain('data.price must be a number, but it is the text "$49.00"');
    expect(feedback).toContain('data is missing the required field "sku"');
    expect(feedback).toContain('data has the field "colour", which the schema does not allow (allowed: name, price, sku, color)');
    expect(result.status).toBe("failed");
    expect(result.reason).toBe(
      'The agent\'s answer did not fit the JSON schema after 3 attempts: the answer is missing the required field "sku"; the answer has the field "colour", which the schema does not allow (allowed: name, price, sku, color); price must be a number, but it is the text "$49.00".',
    );
    for (const text of [result.reason, ...steps.map((s) => s.error), ...steps.map((s) => s.extractedContent)])
      expect(text ?? "").not.toMatch(INTERNAL_WORDS);
  });

  it("with no answer at all is asked for it, and a run that never gives one says so in plain words", async () => {
    h.model.setResponder(() => done({ success: true, text: "Here you go." }));
    const { result, steps } = await h.run({
      provider: "openai-compatible",
      task: { prompt: "x", responseFormat: "json", jsonSchema: productSchema },
    });
    expect(toolResults(h.model.chatRequests()[1]!).join("\n")).toMatch(/^The answer is missing: .*put the complete answer in data/);
    expect(result.reason).toBe("The agent did not give its answer as JSON (3 attempts).");
    expect(steps[0]?.error).toBe("The agent finished without giving its answer as JSON.");
    for (const text of [result.reason, ...steps.map((s) => s.error)]) expect(text ?? "").not.toMatch(INTERNAL_WORDS);
  });

  it("sent as JSON in the text instead is taken when it fits", async () => {
    h.model.enqueue(done({ success: true, text: JSON.stringify(lamp) }));
    const { result } = await h.run({
      provider: "openai-compatible",
      task: { prompt: "x", responseFormat: "json", jsonSchema: productSchema },
    });
    expect(result.status).toBe("success");
    expect(JSON.parse(result.result ?? "")).toEqual(lamp);
  });
});

describe("tools that point at the screenshot", () => {
  it("are offered only to a model that is sent screenshots", async () => {
    h.model.enqueue(done({ success: true, data: lamp }));
    await h.run({ task: { prompt: "x", responseFormat: "json", jsonSchema: productSchema }, vision: false });
    const names = h.model.chatRequests()[0]!.tools.map((t) => t.name);
    expect(names).not.toContain("click_at");
    expect(names).not.toContain("type_at");
    expect(names).toContain("drag");
  });
});
