import { describe, expect } from "vitest";
import { agentTest } from "../testing/agent-test.ts";
import { productFactsTask } from "../testing/product-facts-task.ts";
import { done } from "../testing/turns.ts";
import { indexOf, latestState, toolResults } from "../testing/harness.ts";

const it = agentTest;

const productSchema = {
  type: "object",
  properties: { name: { type: "string" }, price: { type: "number" }, sku: { type: "string", pattern: "^SKU-\\d+$" } },
  required: ["name", "price", "sku"],
  additionalProperties: false,
};

describe("runAgent: answers", () => {
  it("returns a text answer, with a step event per step and token counts", async ({ agent: h }) => {
    h.model.setResponder((req, i) =>
      i === 0
        ? { toolCalls: [{ name: "click", arguments: { index: indexOf(req, "Aurora Desk Lamp") } }] }
        : done({ success: true, text: "It costs $49.00." }),
    );
    const { result, steps } = await h.run({ task: { prompt: "How much is the Aurora Desk Lamp?", initialUrl: `${h.sites.url}/shop` } });
    expect(result).toMatchObject({ status: "success", result: "It costs $49.00.", reason: null, steps: 2 });
    expect(result.inputTokens).toBeGreaterThan(0);
    expect(result.outputTokens).toBe(40);
    expect(steps.map((s) => s.number)).toEqual([1, 2]);
    expect(steps[0]).toMatchObject({ url: `${h.sites.url}/shop`, title: "Shop", success: null, error: null, screenshotType: "jpeg" });
    expect(steps[0]?.actions).toEqual([{ name: "click", input: { index: expect.any(Number) }, ok: true }]);
    expect(steps[0]?.screenshot?.length).toBeGreaterThan(1_000);
    expect(steps[1]).toMatchObject({ title: "Aurora Desk Lamp - Shop", success: true, extractedContent: "It costs $49.00." });
    // The second request shows the product page, and the first state only in the history of actions.
    const second = h.model.chatRequests()[1];
    expect(second && latestState(second)).toContain("SKU-1001");
    expect(second?.messages.filter((m) => m.role === "user" && m.text.includes("<page_content>"))).toHaveLength(1);
  });

  it("returns JSON that matches the task's schema", async ({ agent: h }) => {
    h.model.enqueue(done({ success: true, data: { name: "Aurora Desk Lamp", price: 49, sku: "SKU-1001" } }));
    const { result } = await h.run({
      task: productFactsTask(h.sites.url, productSchema),
    });
    expect(result.status).toBe("success");
    expect(JSON.parse(result.result ?? "")).toEqual({ name: "Aurora Desk Lamp", price: 49, sku: "SKU-1001" });
    // The schema is offered to the model as done's data parameter (strict for OpenAI: the pattern in words).
    expect(JSON.stringify(h.model.chatRequests()[0]?.body)).toContain('"description":"(matches the pattern ^SKU-\\\\d+$)"');
  });

  it("sends a schema violation back with the errors and accepts the corrected answer", async ({ agent: h }) => {
    // A model without strict tools (an OpenAI-compatible server) can send any types.
    h.model.enqueue(
      done({ success: true, data: { name: "Aurora Desk Lamp", price: "$49.00", sku: "1001" } }),
      done({ success: true, data: { name: "Aurora Desk Lamp", price: 49, sku: "SKU-1001" } }),
    );
    const { result, steps } = await h.run({
      provider: "openai-compatible",
      task: productFactsTask(h.sites.url, productSchema),
    });
    expect(result).toMatchObject({ status: "success", steps: 2 });
    const feedback = toolResults(h.model.chatRequests()[1]!).join("\n");
    expect(feedback).toContain(
      'The answer does not fit the JSON schema:\n- data.price must be a number, but it is the text "$49.00"\n- data.sku must match the pattern',
    );
    expect(steps[0]).toMatchObject({ success: null });
  });

  it("fails after too many schema violations, and on a schema that is not JSON", async ({ agent: h }) => {
    h.model.setResponder(() => done({ success: true, data: { name: 1 } }));
    const { result } = await h.run({
      provider: "openai-compatible",
      task: { prompt: "x", responseFormat: "json", jsonSchema: productSchema },
      limits: { maxSchemaRetries: 1 },
    });
    expect(result.status).toBe("failed");
    expect(result.reason).toBe(
      'The agent\'s answer did not fit the JSON schema after 2 attempts: the answer is missing the required fields "price" and "sku"; name must be text, but it is the number 1.',
    );

    h.model.reset();
    const bad = await h.run({ task: { prompt: "x", responseFormat: "json", jsonSchema: "{ name: string }" } });
    expect(bad.result).toMatchObject({ status: "failed", steps: 0 });
    expect(bad.result.reason).toMatch(/JSON schema is not valid JSON/);
    expect(h.model.requests).toHaveLength(0);
  });

  it("reports done with success=false as failed, with the agent's reason", async ({ agent: h }) => {
    h.model.enqueue(done({ success: false, text: "The product does not exist." }));
    const { result } = await h.run({ task: { prompt: "Find the unicorn lamp" } });
    expect(result).toMatchObject({
      status: "failed",
      result: null,
      reason: "The agent could not complete the task: The product does not exist.",
    });
  });
});

describe("runAgent: guards", () => {
  it("stops at the session timeout, even in the middle of an action", async ({ agent: h }) => {
    h.model.enqueue({ toolCalls: [{ name: "navigate", arguments: { url: `${h.sites.url}/slow?ms=8000` } }] });
    const { result } = await h.run({ task: { prompt: "Open the slow page" }, limits: { timeoutMs: 2_000 } });
    expect(result).toMatchObject({ status: "failed", reason: "The task did not finish within the session timeout of 2 s." });
    expect(result.durationMs).toBeGreaterThanOrEqual(2_000);
    expect(result.durationMs).toBeLessThan(3_500);
  });

  it("gives the caller's reason when the time limit is not the session timeout (credits ran out)", async ({ agent: h }) => {
    h.model.enqueue({ toolCalls: [{ name: "navigate", arguments: { url: `${h.sites.url}/slow?ms=8000` } }] });
    const reason = "The run stopped after 1 s: your credits covered no more of its 300 s time limit.";
    const { result } = await h.run({ task: { prompt: "Open the slow page" }, limits: { timeoutMs: 1_000, timeoutReason: reason } });
    expect(result).toMatchObject({ status: "failed", reason });
  });

  it("stops at the maximum number of steps, telling the model on the last one", async ({ agent: h }) => {
    let n = 0;
    h.model.setResponder(() => ({ toolCalls: [{ name: "scroll", arguments: { direction: n++ % 2 ? "up" : "down" } }] }));
    const { result } = await h.run({ task: { prompt: "Scroll around", initialUrl: `${h.sites.url}/long` }, limits: { maxSteps: 3 } });
    expect(result).toMatchObject({
      status: "failed",
      steps: 3,
      reason: "Stopped after reaching the maximum of 3 steps without finishing.",
    });
    expect(latestState(h.model.chatRequests()[2]!)).toContain("This is your last step");
  });

  it("stops a loop: the same action on a page that does not change", async ({ agent: h }) => {
    h.model.setResponder(() => ({ toolCalls: [{ name: "scroll", arguments: { direction: "up" } }] }));
    const { result } = await h.run({ task: { prompt: "Go up", initialUrl: `${h.sites.url}/shop` } });
    expect(result.status).toBe("failed");
    expect(result.reason).toBe(
      'Stopped: the agent repeated the same action (scroll {"direction":"up"}) 3 times on a page that did not change.',
    );
    expect(latestState(h.model.chatRequests()[2]!)).toContain("Warning: you just repeated the same action");
  });

  it("stops after consecutive failed steps", async ({ agent: h }) => {
    h.model.enqueue(...[997, 998, 999].map((index) => ({ toolCalls: [{ name: "click", arguments: { index } }] })));
    const { result } = await h.run({ task: { prompt: "Click", initialUrl: `${h.sites.url}/shop` } });
    expect(result.status).toBe("failed");
    expect(result.reason).toBe(
      "Stopped after 3 consecutive failed steps. Last error: There is no element [999] on the current page. Use an index from the latest page state.",
    );
  });

  it("stops when the token budget is used up", async ({ agent: h }) => {
    h.model.setResponder(() => ({
      toolCalls: [{ name: "wait", arguments: { seconds: 0 } }],
      usage: { prompt_tokens: 600, completion_tokens: 10 },
    }));
    const { result } = await h.run({ task: { prompt: "x" }, limits: { maxTokens: 1_000 } });
    expect(result).toMatchObject({ status: "failed", steps: 2, inputTokens: 1_200, outputTokens: 20 });
    expect(result.reason).toBe("Stopped: the token budget of 1,000 tokens was used up (1,220 used).");
  });

  it("is cancelled within moments when the signal aborts", async ({ agent: h }) => {
    const controller = new AbortController();
    // Cancel while the model call hangs.
    h.model.setResponder(() => ({ hang: true }));
    const outcome = h.run({ task: { prompt: "x" }, signal: controller.signal });
    try {
      await expect.poll(() => h.model.chatRequests().length, { timeout: 15_000 }).toBe(1);
    } finally {
      controller.abort();
    }
    const abortedAt = Date.now();
    const { result, finishedAt } = await outcome;
    expect(result).toMatchObject({ status: "cancelled", reason: "The run was cancelled." });
    expect(finishedAt - abortedAt).toBeLessThan(1_000);
  });
});

describe("runAgent: model faults", () => {
  it("retries a 500 and a 429 (honouring retry-after), then goes on", async ({ agent: h }) => {
    h.model.enqueue(
      { error: { status: 500, message: "upstream exploded" } },
      { error: { status: 429, message: "slow down", headers: { "retry-after": "0" } } },
      done({ success: true, text: "ok" }),
    );
    const { result, logs } = await h.run({ task: { prompt: "x" } });
    expect(result).toMatchObject({ status: "success", result: "ok", steps: 1 });
    expect(h.model.chatRequests()).toHaveLength(3);
    expect(logs.filter((l) => l.startsWith("Model call failed"))).toEqual([
      expect.stringMatching(/HTTP 500.*retry 1 of 4/),
      expect.stringMatching(/HTTP 429.*retry 2 of 4 in 0 ms/),
    ]);
  });

  it("ends with status error when the model stays unreachable", async ({ agent: h }) => {
    h.model.setResponder(() => ({ error: { status: 503, message: "down for maintenance" } }));
    const { result } = await h.run({ task: { prompt: "x" }, retry: { maxRetries: 2, baseDelayMs: 5 } });
    expect(result.status).toBe("error");
    expect(result.reason).toMatch(/^The model could not be reached after 3 attempts: HTTP 503/);
  });

  it("survives malformed tool calls: bad JSON, bad arguments, unknown tools", async ({ agent: h }) => {
    h.model.enqueue(
      { toolCalls: [{ name: "click", arguments: "{not json" }] },
      {
        toolCalls: [
          { name: "click", arguments: { index: "the blue one" } },
          { name: "teleport", arguments: {} },
        ],
      },
      { toolCalls: [{ name: "done", arguments: '{"success": tru' }] },
      done({ success: true, text: "recovered" }),
    );
    // Strict tools (OpenAI) rule out bad arguments; other servers may send them.
    const { result, steps } = await h.run({
      provider: "openai-compatible",
      task: { prompt: "x", initialUrl: `${h.sites.url}/shop` },
      limits: { maxConsecutiveFailures: 5 },
    });
    expect(result).toMatchObject({ status: "success", result: "recovered", steps: 4 });
    const feedback = toolResults(h.model.chatRequests()[3]!).join("\n");
    expect(feedback).toMatch(/Invalid call to click: .*JSON/);
    expect(feedback).toMatch(/Invalid arguments for click: index: /);
    expect(feedback).toMatch(/Invalid call to teleport: /);
    expect(feedback).toMatch(/Invalid call to done: /);
    expect(steps[0]?.actions[0]).toMatchObject({ name: "click", ok: false });
  });

  it("answers a turn without tool calls with a reminder", async ({ agent: h }) => {
    h.model.enqueue({ text: "I think the answer is 42." }, done({ success: true, text: "42" }));
    const { result } = await h.run({ task: { prompt: "x" } });
    expect(result.status).toBe("success");
    expect(h.model.chatRequests()[1]?.messages.some((m) => m.role === "user" && m.text.includes("You did not call a tool"))).toBe(true);
  });
});

describe("runAgent: prompts", () => {
  it("never puts sensitive values in a prompt, and withholds the screenshot of a page that shows one", async ({ agent: h }) => {
    h.model.enqueue(
      { toolCalls: [{ name: "extract", arguments: { question: "Which products are listed?" } }] },
      { text: "Lamps and grinders" },
      done({ success: true, text: "ok" }),
    );
    const secret = "Basalt Coffee Grinder";
    const { result } = await h.run({
      task: { prompt: "List products", initialUrl: `${h.sites.url}/shop` },
      sensitiveValues: [secret],
      vision: true,
    });
    expect(result.status).toBe("success");
    expect(h.model.requests.length).toBe(3);
    for (const r of h.model.requests) expect(r.raw).not.toContain(secret);
    expect(h.model.requests.some((r) => r.raw.includes("[redacted]"))).toBe(true);
    expect(h.model.chatRequests().every((c) => c.messages.every((m) => m.images === 0))).toBe(true);
  });

  it("treats the values of cookies the context starts with as secrets", async ({ agent: h }) => {
    const session = "sess-7f3a9c1e22b04d8e";
    h.model.enqueue(
      { toolCalls: [{ name: "navigate", arguments: { url: `${h.sites.url}/shop?q=${session}` } }] },
      done({ success: true, text: "ok" }),
    );
    const { result } = await h.run({
      task: { prompt: "x" },
      contextSetup: async (context) => {
        await context.addCookies([{ name: "sid", value: session, url: h.sites.url }]);
      },
    });
    expect(result.status).toBe("success");
    expect(h.model.requests.length).toBe(2);
    for (const r of h.model.requests) expect(r.raw).not.toContain(session);
  });

  it("sends the screenshot with the latest state when vision is on", async ({ agent: h }) => {
    h.model.enqueue({ toolCalls: [{ name: "scroll", arguments: { direction: "down" } }] }, done({ success: true, text: "ok" }));
    await h.run({ task: { prompt: "x", initialUrl: `${h.sites.url}/long` }, vision: true });
    const second = h.model.chatRequests()[1]!;
    expect(second.messages.map((m) => m.images)).toEqual(second.messages.map((_, i) => (i === second.messages.length - 1 ? 1 : 0)));
  });

  it("runs several actions per call and skips the rest once the page changed", async ({ agent: h }) => {
    h.model.setResponder((req, i) => {
      if (i > 0) return done({ success: true, text: "ok" });
      const search = indexOf(req, 'placeholder="Search products"');
      return {
        toolCalls: [
          { name: "type", arguments: { index: search, text: "lamp" } },
          { name: "click", arguments: { index: indexOf(req, "<button>Search") } },
          { name: "click", arguments: { index: indexOf(req, "Next") } },
        ],
      };
    });
    const { steps } = await h.run({ task: { prompt: "Search lamps", initialUrl: `${h.sites.url}/shop` } });
    expect(steps[0]?.actions.map((a) => [a.name, a.ok])).toEqual([
      ["type", true],
      ["click", true],
      ["click", false],
    ]);
    expect(steps[0]?.actions[2]?.error).toMatch(/^Not run: the page changed/);
    expect(steps[1]?.url).toMatch(/\/shop\?q=lamp/);
  });

  it("extracts an answer from the whole page with a separate model call", async ({ agent: h }) => {
    h.model.setResponder((req) => {
      if (req.toolNames.length === 0) {
        const content = req.messages.map((m) => m.text).join("\n");
        return {
          text: content.includes("Section 3:") ? "Section 3 is The Harbor." : "NOT_FOUND",
          usage: { prompt_tokens: 100, completion_tokens: 7 },
        };
      }
      return toolResults(req).length === 0
        ? { toolCalls: [{ name: "extract", arguments: { question: "What is section 3 about?" } }] }
        : done({ success: true, text: "The Harbor" });
    });
    const { result, steps } = await h.run({ task: { prompt: "Section 3?", initialUrl: `${h.sites.url}/long` } });
    expect(result.status).toBe("success");
    expect(steps[0]?.actions[0]).toMatchObject({ name: "extract", ok: true, extractedContent: "Section 3 is The Harbor." });
    // A long page is read in chunks (one model call each, answered in parallel), up to a cap.
    expect(h.model.chatRequests().filter((c) => c.toolNames.length === 0)).toHaveLength(6);
    expect(toolResults(h.model.chatRequests().at(-1)!).join("\n")).toMatch(/only the first 180000 characters of the page were read/);
    expect(steps[0]?.inputTokens).toBeGreaterThan(100);
    const extractCall = h.model.chatRequests().find((c) => c.toolNames.length === 0);
    expect(extractCall?.system).toMatch(/untrusted data/);
  });
});
