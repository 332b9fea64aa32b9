import type { ErrandTestServer } from "@errand/testkit";
import { describe, expect, expectTypeOf, vi } from "vitest";
import { z } from "zod";
import { Errand, ErrandError, ErrandResultError, runUrl } from "./index.ts";
import { LAPTOP } from "./testing/sdk-scenarios.ts";
import { sdkTest } from "./testing/sdk-test.ts";

// The real server with its worker, Chromium and the fake model: a few seconds per run.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });
const it = sdkTest;
let server: ErrandTestServer;
let errand: Errand;
let apiKey: string;
it.beforeAll(({ server: fileServer, account, client }) => {
  [server, apiKey, errand] = [fileServer, account.apiKey, client()];
});

describe("creating and waiting for runs", () => {
  it("creates a text run, waits for it and reads the model's answer", async () => {
    const run = await errand.runs.create({ prompt: "Say you are done" });
    expect(run).toMatchObject({ status: "pending", prompt: "Say you are done", response_format: "text" });
    const ended = await errand.runs.wait(run.id);
    expect(ended).toMatchObject({ id: run.id, status: "success", result: "Done." });
    expect(runUrl(errand.baseUrl, ended)).toBe(`${server.baseUrl}/tasks/${run.task_id}/task-runs/${run.id}`);
    // What the run kept: its HAR, its trace with the step's time split, and the bundle (a ZIP) of everything.
    const [har, trace, bundle] = await Promise.all([errand.runs.har(run.id), errand.runs.trace(run.id), errand.runs.bundle(run.id)]);
    expect(har.log.version).toBe("1.2");
    expect(trace).toMatchObject({ run_id: run.id, status: "success", steps: [{ number: 1, model_ms: expect.any(Number) }] });
    expect([...new Uint8Array(bundle).subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it("errand.run resolves with the ended run and its text as data", async () => {
    const run = await errand.run("Say you are done, please");
    expect(run.status).toBe("success");
    expect(run.data).toBe("Done.");
  });

  it("errand.run with a zod schema sends its JSON schema and gives the validated, typed data", async () => {
    const Product = z.object({ name: z.string(), price: z.number() });
    const run = await errand.run("Read the laptop's name and price [sdk:json]", { schema: Product });
    expect(run.response_format).toBe("json");
    expect(run.json_schema).toMatchObject({ type: "object", properties: { name: { type: "string" }, price: { type: "number" } } });
    if (run.status !== "success") throw new Error(`run ${run.status}: ${run.status_reason}`);
    expectTypeOf(run.data).toEqualTypeOf<{ name: string; price: number }>();
    expect(run.data).toEqual(LAPTOP);
  });

  it("errand.run refuses a result the schema rejects with ErrandResultError carrying the run", async () => {
    const schema = z.object({ name: z.string(), price: z.string() });
    const failure = await errand
      .run("Read the laptop's name and price [sdk:json]", { schema, json_schema: { type: "object" } })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ErrandResultError);
    expect(JSON.parse((failure as ErrandResultError).run.result!)).toEqual(LAPTOP);
  });

  it("a failed run resolves with status failed and no data (the caller decides)", async () => {
    const run = await errand.run("Open the page that is not there [sdk:fail]");
    expect(run).toMatchObject({ status: "failed", data: null });
    expect(run.status_reason).toContain("There is no such page.");
  });

  it("lists the latest runs and runs a saved task again with its own settings", async () => {
    const recent = await errand.runs.list({ limit: 2 });
    expect(recent).toHaveLength(2);
    const task = await errand.tasks.get(recent[0]!.task_id);
    const again = await errand.tasks.run(task.id);
    expect(again).toMatchObject({ task_id: task.id, prompt: task.prompt, number: 2 });
    await errand.runs.wait(again.id);
    expect((await errand.tasks.runs(task.id)).map((r) => r.id)).toContain(again.id);
  });

  it("gives a run limits, changes them while it goes on, and the run stops at its step limit", async () => {
    const run = await errand.runs.create({ prompt: "Keep waiting [sdk:slow]", max_steps: 40, on_limit: "stop" });
    expect(run).toMatchObject({ max_steps: 40, max_cost_usd: null, on_limit: "stop" });
    expect(await errand.runs.setLimits(run.id, { max_steps: 1 })).toEqual({ max_cost_usd: null, max_steps: 1, on_limit: "stop" });
    const ended = await errand.runs.wait(run.id);
    expect(ended).toMatchObject({ status: "failed", status_reason: "Stopped: reached its step limit of 1 step" });
  });
});

describe("screenshots", () => {
  const isImage = (bytes: Uint8Array) =>
    [0x89, 0x50, 0x4e, 0x47].every((b, i) => bytes[i] === b) || // PNG
    [0xff, 0xd8, 0xff].every((b, i) => bytes[i] === b); // JPEG

  it("downloads a step's screenshot through its signed link, without sending the key there", async () => {
    const sent: { url: string; headers: Headers }[] = [];
    const recording = new Errand({
      apiKey,
      baseUrl: server.baseUrl,
      fetch: (input, init) => {
        sent.push({ url: String(input), headers: new Headers(init?.headers) });
        return fetch(input, init);
      },
    });
    const run = await recording.run("Read the news page [sdk:steps]");
    expect(run.status).toBe("success");
    const step = (await recording.runs.steps(run.id)).findLast((s) => s.has_screenshot);
    if (!step) throw new Error("no step has a screenshot");

    const { signed_url } = await recording.runs.screenshotUrl(step.id, { type: "steps" });
    const image = await recording.runs.screenshot(step.id, { type: "steps" });
    expect(image.contentType).toMatch(/^image\/(png|jpeg)$/);
    expect(isImage(image.data)).toBe(true);

    const toApi = sent.filter((r) => r.url.includes("/api/v1/"));
    const toImage = sent.filter((r) => r.url.startsWith(signed_url.split("?")[0]!));
    expect(toApi.every((r) => r.headers.get("x-api-key") === apiKey)).toBe(true);
    expect(toImage).toHaveLength(1);
    expect(toImage[0]!.headers.has("x-api-key")).toBe(false);

    // A run's screenshot is its latest step's.
    expect(isImage((await recording.runs.screenshot(run.id)).data)).toBe(true);
  });

  it("a screenshot that does not exist is a 404 ErrandError", async () => {
    const failure = await errand.runs.screenshotUrl(crypto.randomUUID(), { type: "steps" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ErrandError);
    expect((failure as ErrandError).status).toBe(404);
  });
});

describe("files", () => {
  it("uploads bytes, a Blob and base64, reads them back, and gives them to a run", async () => {
    const bytes = new Uint8Array([0, 1, 2, 200, 255]);
    const fromBytes = await errand.files.upload({ name: "bytes.bin", data: bytes });
    expect(fromBytes).toMatchObject({ origin: "upload", name: "bytes.bin", content_type: "application/octet-stream", size: 5 });
    const fromBlob = await errand.files.upload({ name: "notes", data: new Blob(["hello"], { type: "text/plain;charset=utf-8" }) });
    expect(fromBlob).toMatchObject({ content_type: "text/plain", size: 5 });
    const fromBase64 = await errand.files.upload({ name: "report.csv", data: btoa("a,b\n1,2\n"), contentType: "text/csv" });

    expect(new Uint8Array(await errand.files.content(fromBytes.id))).toEqual(bytes);
    expect(new TextDecoder().decode(await errand.files.content(fromBlob.id))).toBe("hello");
    expect((await errand.files.list({ limit: 3 })).map((f) => f.id)).toEqual([fromBase64.id, fromBlob.id, fromBytes.id]);
    expect(await errand.files.get(fromBase64.id)).toEqual(fromBase64);

    const run = await errand.runs.create({ prompt: "Say you are done", files: [fromBase64.id, fromBytes.id] });
    expect((await errand.runs.files(run.id)).map((f) => f.id)).toEqual([fromBase64.id, fromBytes.id]);
    await errand.runs.wait(run.id);
    expectTypeOf<{ files: string[] }>().toExtend<Parameters<Errand["run"]>[1]>();

    await errand.files.delete(fromBlob.id);
    const gone = await errand.files.content(fromBlob.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ErrandError);
    expect((gone as ErrandError).status).toBe(404);
    const refused = await errand.files.upload({ name: "bad.txt", data: "not base64!" }).catch((e: unknown) => e);
    expect((refused as ErrandError).status).toBe(400);
  });
});

describe("running a marketplace automation", () => {
  it("errand.automations.run queues a run with the automation's settings, each one given instead", async () => {
    const [pick] = await errand.automations.list();
    const automation = await errand.automations.get(pick!.slug);
    const created = await errand.automations.run(automation.slug, { initial_url: `${server.sites.url}/shop` });
    expect(created).toMatchObject({
      status: "pending",
      note: automation.need_auth ? expect.stringContaining("needs a saved login") : null,
    });
    expect(await errand.runs.get(created.id)).toMatchObject({
      prompt: automation.prompt,
      response_format: automation.response_format,
      session_timeout: automation.session_timeout,
      initial_url: `${server.sites.url}/shop`,
    });
    await errand.runs.wait(created.id);
  });

  it("an unknown automation is a 404 ErrandError", async () => {
    const failure = await errand.automations.run("no-such-automation").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ErrandError);
    expect(failure).toMatchObject({ status: 404, message: "Automation not found" });
  });
});

describe("usage", () => {
  // This server runs with billing off: every ended run counts, charged nothing (docs/adr/0039-usage-by-member-key-and-tag.md).
  it("gives a new task its tags, and reads the usage per tag as JSON and as CSV", async () => {
    const own = new Errand({ apiKey: (await server.signUp()).apiKey, baseUrl: server.baseUrl });
    const run = await own.runs.create({ prompt: "Say you are done", tags: ["Team:Sales"] });
    await own.runs.wait(run.id);
    expect((await own.tasks.get(run.task_id)).tags).toEqual(["team:sales"]);
    const usage = await own.account.usage({ group_by: "tag" });
    expect(usage).toMatchObject({ group_by: "tag", totals: { runs: 1 } });
    expect(usage.groups).toMatchObject([{ id: "team:sales", name: "team:sales", runs: 1 }]);
    const csv = (await own.account.usageCsv({ group_by: "tag" })).split("\r\n");
    expect(csv[0]).toBe("tag,runs,free_prompts,execution_seconds,charged_usd,model_spend_usd,input_tokens,output_tokens");
    expect(csv[1]).toMatch(/^team:sales,1,/);
  });
});

describe("workspaces", () => {
  it("lists the key's workspaces, names a key, reads the audit log, and the named key is refused what its scope lacks", async () => {
    const own = new Errand({ apiKey: (await server.signUp()).apiKey, baseUrl: server.baseUrl });
    const [personal] = await own.workspaces.list();
    expect(personal).toMatchObject({ role: "owner" });
    const made = await own.workspaces.createApiKey({ name: "CI reader", scopes: ["read"] });
    expect((await own.workspaces.apiKeys()).map((k) => k.name)).toEqual(["CI reader"]);
    const audit = await own.workspaces.auditEvents({ action: "api_key.created" });
    expect(audit.audit_events.map((e) => e.action)).toEqual(["api_key.created"]);

    const reader = new Errand({ apiKey: made.secret, baseUrl: server.baseUrl });
    expect((await reader.workspaces.list()).map((w) => w.id)).toEqual([personal!.id]);
    const refused = await reader.workspaces.auditEvents().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ErrandError);
    expect(refused).toMatchObject({ status: 403, message: "This API key lacks the manage scope" });
    await own.workspaces.revokeApiKey(made.id);
    expect(await own.workspaces.apiKeys()).toEqual([]);
  });

  it("sets the workspace's recording retention; a field left out keeps its value", async () => {
    const own = new Errand({ apiKey: (await server.signUp()).apiKey, baseUrl: server.baseUrl });
    const [personal] = await own.workspaces.list();
    expect(personal).toMatchObject({ recording_retention_days: null });
    expect(await own.workspaces.update(personal!.id, { recording_retention_days: 14 })).toMatchObject({ recording_retention_days: 14 });
    expect(await own.workspaces.update(personal!.id, { name: "Mine" })).toMatchObject({ name: "Mine", recording_retention_days: 14 });
    const refused = await own.workspaces.update(personal!.id, { recording_retention_days: 4000 }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, fields: [{ path: "recording_retention_days" }] });
  });
});

describe("batches", () => {
  it("runs a saved task over rows, waits for the batch, and reads its rows and results as JSON and CSV", async () => {
    const first = await errand.runs.create({ prompt: "Say you are done for {{order}}" });
    await errand.runs.wait(first.id);
    const rows = [{ order: "A-1" }, { order: "A-2 [sdk:fail]" }];
    const batch = await errand.batches.create(first.task_id, { rows, concurrency: 2, idempotency_key: "sdk-batch" });
    expect(batch).toMatchObject({ task_id: first.task_id, total_rows: 2, inputs: ["order"] });
    expect((await errand.batches.create(first.task_id, { rows, idempotency_key: "sdk-batch" })).id).toBe(batch.id);

    const readings: number[] = [];
    const done = await errand.batches.waitForBatch(batch.id, { pollIntervalMs: 300, onProgress: (b) => readings.push(b.counts.waiting) });
    expect(done).toMatchObject({ status: "finished", counts: { success: 1, failed: 1, waiting: 0, running: 0 } });
    expect(readings.length).toBeGreaterThan(0);

    const page = await errand.batches.rows(batch.id);
    expect(page.rows.map((r) => [r.params.order, r.outcome])).toEqual([
      ["A-1", "success"],
      ["A-2 [sdk:fail]", "failed"],
    ]);
    const results = await errand.batches.results(batch.id);
    expect(results.columns).toEqual(["row", "order", "outcome", "verdict", "run_id", "run_url", "result"]);
    expect(results.rows[0]).toMatchObject({ order: "A-1", outcome: "success", result: "Done.", run_id: page.rows[0]!.run_id });
    const csv = await errand.batches.resultsCsv(batch.id);
    expect(csv.split("\r\n")[0]).toBe("row,order,outcome,verdict,run_id,run_url,result");

    const again = await errand.batches.rerunFailed(batch.id);
    expect(again).toMatchObject({ status: "running", counts: { success: 1 } });
    const cancelled = await errand.batches.cancel(batch.id);
    expect(cancelled.status).toBe("cancelled");
    expect((await errand.batches.list({ task_id: first.task_id })).map((b) => b.id)).toEqual([batch.id]);
  }, 180_000);
});
