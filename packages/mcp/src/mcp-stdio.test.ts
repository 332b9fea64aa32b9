import path from "node:path";
import { fileURLToPath } from "node:url";
import { Errand } from "@errand/sdk";
import type { ErrandTestServer, SignedUpUser } from "@errand/testkit";
import { serverTest } from "@errand/testkit/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, vi } from "vitest";
import { expectAbortCancelsRun, expectLeavingCancelsRun, toolTexts } from "./testing/mcp-clients.ts";
import { JSON_STORIES, mcpResponder, STEPS_ANSWER } from "./testing/mcp-scenarios.ts";
import { MAX_SCREENSHOTS, TOOL_NAMES } from "./tool-definitions.ts";

// `errand mcp` as a desktop client starts it, against a real `errand serve` (worker, Chromium, fake model).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });
const CLI_BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../cli/bin/errand.mjs");

const it = serverTest.extend("serverOptions", { workerConcurrency: 2 });
let server: ErrandTestServer;
let user: SignedUpUser;
let client: Client;

async function connect(env: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_BIN, "mcp"],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "pipe",
  });
  const connected = new Client({ name: "errand-mcp-test", version: "1.0.0" });
  await connected.connect(transport);
  return connected;
}

it.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  server.model.setResponder(mcpResponder(server.sites.url));
  user = await server.signUp();
  client = await connect({ ERRAND_URL: server.baseUrl, ERRAND_API_KEY: user.apiKey });
});
afterAll(async () => {
  await client?.close();
});

describe("errand mcp (stdio)", () => {
  it("lists the tools with their input schemas and hints", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    const runTask = tools.find((t) => t.name === "run_task")!;
    expect(runTask.inputSchema.required).toEqual(["prompt"]);
    expect(Object.keys(runTask.inputSchema.properties ?? {})).toEqual([
      "prompt",
      "response_format",
      "json_schema",
      "initial_url",
      "auth_context_id",
      "session_timeout",
      "files",
      "max_cost_usd",
      "max_steps",
      "on_limit",
      "tags",
    ]);
    expect(runTask.outputSchema?.properties).toHaveProperty("url");
    expect(runTask.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    expect(tools.find((t) => t.name === "get_run")!.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === "cancel_run")!.annotations).toMatchObject({ destructiveHint: true });
    for (const tool of tools) expect(tool.description!.length).toBeGreaterThan(40);
  });

  it("run_task sends one progress notification per step, in order, then the answer and the run's page", async () => {
    const progress: Progress[] = [];
    const answer = await client.callTool({ name: "run_task", arguments: { prompt: "[mcp:steps] What is the top story?" } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(answer.isError).toBeFalsy();
    const run = answer.structuredContent as { run_id: string; status: string; result: string; url: string };
    expect(run).toMatchObject({ status: "success", result: STEPS_ANSWER });
    expect(run.url).toBe(`${server.baseUrl}/tasks/${(answer.structuredContent as { task_id: string }).task_id}/task-runs/${run.run_id}`);
    expect(toolTexts(answer)).toContain(STEPS_ANSWER);

    const steps = await new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl }).runs.steps(run.run_id);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(progress.map((p) => p.progress)).toEqual(steps.map((s) => s.number));
    expect(progress[0]!.message).toMatch(/^navigate/);
  });

  it("run_task with response_format json gives the data as structured content", async () => {
    const answer = await client.callTool({
      name: "run_task",
      arguments: {
        prompt: "[mcp:json] List the stories",
        response_format: "json",
        json_schema: { type: "object", properties: { stories: { type: "array" } } },
      },
    });
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ status: "success", data: JSON_STORIES });
    expect(JSON.parse(toolTexts(answer).split("\n").slice(1).join("\n"))).toEqual(JSON_STORIES);
  });

  it("cancelling run_task cancels its run", async () => {
    await expectAbortCancelsRun(client, new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl }), "The person stopped it");
  });

  it("closing the client while run_task waits cancels the run: nobody waits for it any more", async () => {
    const leaving = await connect({ ERRAND_URL: server.baseUrl, ERRAND_API_KEY: user.apiKey });
    await expectLeavingCancelsRun(leaving, new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl }));
  });

  it("get_run_steps lists the steps and adds the last screenshots as images; get_run_trace times them", async () => {
    const started = await client.callTool({ name: "run_task", arguments: { prompt: "[mcp:steps] Again" } });
    const runId = (started.structuredContent as { run_id: string }).run_id;
    const answer = await client.callTool({ name: "get_run_steps", arguments: { run_id: runId, screenshots: true } });
    expect(answer.isError).toBeFalsy();
    const { steps } = answer.structuredContent as { steps: { number: number; has_screenshot: boolean }[] };
    expect(steps.length).toBeGreaterThanOrEqual(3);
    const images = (answer.content as { type: string; mimeType?: string; data?: string }[]).filter((c) => c.type === "image");
    expect(images.length).toBe(Math.min(MAX_SCREENSHOTS, steps.filter((s) => s.has_screenshot).length));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.mimeType).toMatch(/^image\//);
      expect(Buffer.from(image.data!, "base64").length).toBeGreaterThan(1000);
    }

    // get_run_trace: where each step's time went, with the links of the run's HAR and bundle.
    const traced = await client.callTool({ name: "get_run_trace", arguments: { run_id: runId } });
    expect(traced.isError).toBeFalsy();
    const trace = traced.structuredContent as { trace: { steps: unknown[] }; har_url: string; bundle_url: string };
    expect(trace.trace.steps).toHaveLength(steps.length);
    expect(trace).toMatchObject({
      har_url: `${server.baseUrl}/api/v1/runs/${runId}/har`,
      bundle_url: `${server.baseUrl}/api/v1/runs/${runId}/bundle`,
    });
    expect((traced.content as { text: string }[])[0]!.text).toMatch(/Step 1: \d+ ms \(model \d+, browser \d+, waiting \d+\)/);
    // Its session recording: a summary with a step marker per step, and where to play and download it.
    const recording = await client.callTool({ name: "get_run_recording", arguments: { run_id: runId } });
    expect(recording.isError).toBeFalsy();
    expect(recording.structuredContent).toMatchObject({ run_id: runId, step_markers: steps.length, tabs: 1, cut: false });
    expect((recording.structuredContent as { events: number }).events).toBeGreaterThan(0);
    expect(toolTexts(recording)).toContain(`/api/v1/runs/${runId}/recording`);
  });

  it("upload_file keeps a file a run is given; get_run_files returns it and what the site sent, with their bytes", async () => {
    const invoice = "Invoice 7\nTotal 12.00\n";
    const kept = await client.callTool({
      name: "upload_file",
      arguments: { name: "invoice.txt", data: Buffer.from(invoice).toString("base64") },
    });
    expect(kept.isError, toolTexts(kept)).toBeFalsy();
    const fileId = (kept.structuredContent as { file_id: string }).file_id;
    const ran = await client.callTool({
      name: "run_task",
      arguments: {
        prompt: "[mcp:files] Send the claim and get the price list",
        initial_url: `${server.sites.url}/tools/files/upload`,
        files: [fileId],
      },
    });
    expect((ran.structuredContent as { status: string }).status, toolTexts(ran)).toBe("success");
    const runId = (ran.structuredContent as { run_id: string }).run_id;
    const answer = await client.callTool({ name: "get_run_files", arguments: { run_id: runId, content: true } });
    const { files } = answer.structuredContent as { files: { name: string; origin: string; step_number: number | null }[] };
    expect(files.map((f) => [f.origin, f.name])).toEqual([
      ["upload", "invoice.txt"],
      ["download", "price-list.csv"],
    ]);
    const resources = (answer.content as { type: string; resource?: { text?: string; mimeType?: string } }[]).filter(
      (c) => c.type === "resource",
    );
    const csv = await (await fetch(`${server.sites.url}/tools/files/report.csv`)).text();
    expect(resources.map((r) => r.resource?.text)).toEqual([invoice, csv]);
  });

  it("list_automations finds catalogue entries and run_automation runs one with its own settings", async () => {
    const listed = await client.callTool({ name: "list_automations", arguments: {} });
    const { automations } = listed.structuredContent as { automations: { slug: string; need_auth: boolean }[] };
    expect(automations.length).toBeGreaterThan(0);
    const pick = automations.find((a) => !a.need_auth) ?? automations[0]!;
    const answer = await client.callTool({ name: "run_automation", arguments: { slug: pick.slug } });
    expect(answer.isError).toBeFalsy();
    const run = answer.structuredContent as { run_id: string; status: string };
    expect(run.status).toBe("success");
    const automation = await new Errand({ baseUrl: server.baseUrl }).automations.get(pick.slug);
    const created = await new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl }).runs.get(run.run_id);
    expect(created).toMatchObject({
      prompt: automation.prompt,
      response_format: automation.response_format,
      session_timeout: automation.session_timeout,
    });

    const missing = await client.callTool({ name: "run_automation", arguments: { slug: "no-such-automation" } });
    expect(missing.isError).toBe(true);
    expect(toolTexts(missing)).toMatch(/not found/i);
  });

  it("start_batch runs a saved task over rows; get_batch gives its progress, then its results", async () => {
    const errand = new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl });
    const first = await errand.runs.create({ prompt: "Say done for {{order}}" });
    await errand.runs.wait(first.id);
    const started = await client.callTool({
      name: "start_batch",
      arguments: { task_id: first.task_id, rows: [{ order: "A-1" }, { order: "A-2" }], concurrency: 2 },
    });
    const batch = (started.structuredContent as { batch: { id: string; total_rows: number } }).batch;
    expect(batch.total_rows).toBe(2);
    expect(toolTexts(started)).toContain(`Follow it with get_batch (batch_id ${batch.id}).`);
    const ended = await vi.waitFor(
      async () => {
        const answer = await client.callTool({ name: "get_batch", arguments: { batch_id: batch.id } });
        const content = answer.structuredContent as {
          batch: { status: string };
          results: { rows: Record<string, string | null>[] } | null;
        };
        if (content.batch.status === "running") throw new Error("still running");
        return answer;
      },
      { timeout: 90_000, interval: 500 },
    );
    expect(toolTexts(ended)).toContain(`Batch ${batch.id} finished: 2 of 2 rows ended (2 success), 0 running.`);
    const { results } = ended.structuredContent as { results: { rows: Record<string, string | null>[] } };
    expect(results.rows.map((r) => [r.order, r.outcome, r.result])).toEqual([
      ["A-1", "success", "Done."],
      ["A-2", "success", "Done."],
    ]);
  });

  it("get_evaluation gives an evaluation's progress and its models compared", async () => {
    const errand = new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl });
    const made = await errand.evaluations.create({
      suite: { name: "MCP suite", cases: [{ prompt: "Say done", expected: "done" }] },
      models: ["gpt-4.1"],
    });
    const ended = await vi.waitFor(
      async () => {
        const answer = await client.callTool({ name: "get_evaluation", arguments: { evaluation_id: made.id } });
        if ((answer.structuredContent as { evaluation: { status: string } }).evaluation.status === "running")
          throw new Error("still running");
        return answer;
      },
      { timeout: 90_000, interval: 500 },
    );
    expect(toolTexts(ended)).toContain(
      `Evaluation ${made.id} finished: 1 of 1 cases x models ended, 0 running.\ngpt-4.1: 100% (1 of 1 passed)`,
    );
  });

  it("another user's run is not found", async () => {
    const other = await server.signUp();
    const theirs = await new Errand({ apiKey: other.apiKey, baseUrl: server.baseUrl }).runs.create({ prompt: "Their task" });
    for (const name of ["get_run", "get_run_steps", "get_run_recording", "cancel_run"]) {
      const answer = await client.callTool({ name, arguments: { run_id: theirs.id } });
      expect(answer.isError).toBe(true);
      expect(toolTexts(answer)).toMatch(/not found.*\(not_found, HTTP 404\)/i);
    }
  });

  it("send_message reaches a pending run's agent, and an ended run refuses it with the reason", async () => {
    const errand = new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl });
    const mine = await errand.runs.create({ prompt: "My task" });
    const sent = await client.callTool({ name: "send_message", arguments: { run_id: mine.id, text: "Also take the rating." } });
    expect(sent.isError).toBeFalsy();
    expect(sent.structuredContent).toMatchObject({ run_id: mine.id, text: "Also take the rating." });
    expect((await errand.runs.messages(mine.id)).map((m) => m.text)).toEqual(["Also take the rating."]);
    await errand.runs.cancel(mine.id);
    const refused = await client.callTool({ name: "send_message", arguments: { run_id: mine.id, text: "One more thing" } });
    expect(refused.isError).toBe(true);
    expect(toolTexts(refused)).toContain("The run has already ended (cancelled): its agent can no longer read messages.");
  });

  it("a bad key is a tool error naming the problem, without the key", async () => {
    const badKey = `${user.apiKey.slice(0, -4)}xxxx`;
    const bad = await connect({ ERRAND_URL: server.baseUrl, ERRAND_API_KEY: badKey });
    try {
      const answer = await bad.callTool({ name: "list_runs", arguments: {} });
      expect(answer.isError).toBe(true);
      expect(toolTexts(answer)).toMatch(/Invalid API key \(unauthorized, HTTP 401\)/);
      expect(toolTexts(answer)).not.toContain(badKey);
    } finally {
      await bad.close();
    }
  });
});
