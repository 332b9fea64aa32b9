import { gunzipSync, gzipSync } from "node:zlib";
import { creditLedger, tasksRuns, userCredits } from "@errand/db";
import { claimRun, finishRun, recordStep } from "@errand/services/runs";
import { sweepRecordingRetention } from "@errand/services/session-recordings";
import { runHarKey, runTraceKey, sessionRecordingKey, stepScreenshotKey } from "@errand/services/storage";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { readSse } from "../../testing/sse.ts";
import { clickStep } from "../../testing/steps.ts";
import { appTest } from "../../testing/app-test.ts";
import { json, type TestApp } from "../../testing/test-app.ts";
import { unzip } from "../../testing/unzip.ts";

const it = appTest;
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

const newCaller = (email?: string) => t.newCaller(email);

const post = (path: string, headers: Record<string, string>, body: unknown) =>
  t.app.request(path, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });

describe("runs API", () => {
  it("creates a task and its run with the spec's body, then reads it back", async () => {
    const { headers } = await newCaller();
    const res = await post("/api/v1/runs", headers, {
      prompt: "collect the 20 newest posts",
      model: "gpt-4.1",
      provider: "openai",
      response_format: "text",
    });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toMatchObject({ task_id: expect.any(String), id: expect.any(String), status: "pending" });
    const run = await json(await t.app.request(`/api/v1/runs/${created.id}`, { headers }));
    expect(run).toMatchObject({ id: created.id, prompt: "collect the 20 newest posts", session_timeout: 300, status: "pending" });
    const again = await post(`/api/v1/tasks/${created.task_id}/runs`, headers, { prompt: "collect the 20 newest posts" });
    expect(again.status).toBe(201);
    const runs = await json(await t.app.request(`/api/v1/tasks/${created.task_id}/runs`, { headers }));
    expect(runs.runs).toHaveLength(2);
  });

  it("names the field in validation errors and never answers 500 for bad input", async () => {
    const { headers } = await newCaller();
    const bad = await post("/api/v1/runs", headers, { prompt: "", session_timeout: 5, response_format: "xml" });
    expect(bad.status).toBe(400);
    const paths = (await json(bad)).error.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(["prompt", "response_format", "session_timeout"]);
    const malformed = await post("/api/v1/runs", headers, "{oops");
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error.code).toMatch(/invalid_json|validation_error/);
    expect((await t.app.request("/api/v1/runs/not-a-uuid", { headers })).status).toBe(400);
  });

  it("takes a run's limits when it is created and changes them while it is pending", async () => {
    const { headers } = await newCaller();
    const created = await json(await post("/api/v1/runs", headers, { prompt: "p", max_cost_usd: 0.5, max_steps: 8, on_limit: "ask" }));
    const run = await json(await t.app.request(`/api/v1/runs/${created.id}`, { headers }));
    expect(run).toMatchObject({ max_cost_usd: 0.5, max_steps: 8, on_limit: "ask", model_cost: null });
    const patch = (body: unknown) =>
      t.app.request(`/api/v1/runs/${created.id}/limits`, {
        method: "PATCH",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const raised = await patch({ max_cost_usd: 2, max_steps: null });
    expect(raised.status).toBe(200);
    expect(await json(raised)).toEqual({ max_cost_usd: 2, max_steps: null, on_limit: "ask" });
    const bad = await patch({ max_cost_usd: -1 });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toEqual([{ path: "max_cost_usd", message: "max_cost_usd must be between 0.01 and 1000" }]);
    await post(`/api/v1/runs/${created.id}/cancel`, headers, {});
    expect((await patch({ max_steps: 3 })).status).toBe(409);
  });

  it("answers 402 spending_limit_reached once the workspace spent its monthly limit", async () => {
    const { userId, headers } = await newCaller();
    const put = await t.app.request("/api/v1/workspaces/current/spending-limit", {
      method: "PUT",
      headers,
      body: JSON.stringify({ monthly_usd: 1, alert_thresholds: [] }),
    });
    expect(await json(put)).toMatchObject({ monthly_usd: 1, spent_usd: 0 });
    // $2 charged this month (a run settled: its ledger row).
    await t.ctx.db.insert(creditLedger).values({ userId, workspaceId: userId, kind: "credits", creditsDelta: -20_000 });
    const res = await post("/api/v1/runs", headers, { prompt: "p" });
    expect(res.status).toBe(402);
    expect((await json(res)).error).toMatchObject({ code: "spending_limit_reached", message: expect.stringContaining("limit of $1.00") });
  });

  it("answers 402 with the spec's message when the balance is used up", async () => {
    const { userId, headers } = await newCaller();
    await t.ctx.db.update(userCredits).set({ freePrompts: 0, credits: 0 }).where(eq(userCredits.userId, userId));
    const res = await post("/api/v1/runs", headers, { prompt: "p" });
    expect(res.status).toBe(402);
    expect((await json(res)).error.message).toBe("You have no credits or free prompts remaining. Please purchase more to continue.");
  });

  it("hides another user's run behind a 404, and cancels one's own", async () => {
    const owner = await newCaller();
    const stranger = await newCaller();
    const { id } = await json(await post("/api/v1/runs", owner.headers, { prompt: "p" }));
    expect((await t.app.request(`/api/v1/runs/${id}`, { headers: stranger.headers })).status).toBe(404);
    expect((await post(`/api/v1/runs/${id}/cancel`, stranger.headers, {})).status).toBe(404);
    const cancelled = await post(`/api/v1/runs/${id}/cancel`, owner.headers, {});
    expect(await json(cancelled)).toMatchObject({ status: "cancelled", status_reason: "Cancelled by the user." });
    expect((await post(`/api/v1/runs/${id}/cancel`, owner.headers, {})).status).toBe(409);
  });
});

describe("live run events (SSE)", () => {
  it("delivers every step in order and the final status, and resumes after a reconnect", async () => {
    const { headers } = await newCaller();
    const { id } = await json(await post("/api/v1/runs", headers, { prompt: "p" }));
    await claimRun({ ctx: t.ctx, input: { runId: id } });
    await recordStep({ ctx: t.ctx, input: clickStep(id, 1) });

    const first = await t.app.request(`/api/v1/runs/${id}/events`, { headers });
    expect(first.headers.get("content-type")).toMatch(/text\/event-stream/);
    const producer = (async () => {
      for (const n of [2, 3]) await recordStep({ ctx: t.ctx, input: clickStep(id, n) });
    })();
    const seen = await readSse(first, (events) => events.filter((e) => e.event === "step").length >= 3);
    await producer;
    expect(seen.filter((e) => e.event === "step").map((e) => e.id)).toEqual(["1", "2", "3"]);

    // The client drops; steps 4 and 5 and the end happen meanwhile; it reconnects from step 3.
    await recordStep({ ctx: t.ctx, input: clickStep(id, 4) });
    await recordStep({ ctx: t.ctx, input: clickStep(id, 5) });
    await finishRun({ ctx: t.ctx, input: { runId: id, status: "success", result: "done" } });
    const resumed = await t.app.request(`/api/v1/runs/${id}/events`, { headers: { ...headers, "last-event-id": "3" } });
    const rest = await readSse(resumed, (events) => events.some((e) => e.event === "run" && JSON.parse(e.data).status === "success"));
    expect(rest.filter((e) => e.event === "step").map((e) => e.id)).toEqual(["4", "5"]);
    expect(JSON.parse(rest.at(-1)!.data)).toMatchObject({ status: "success", result: "done" });
  });

  it("is for the owner only", async () => {
    const owner = await newCaller();
    const stranger = await newCaller();
    const { id } = await json(await post("/api/v1/runs", owner.headers, { prompt: "p" }));
    expect((await t.app.request(`/api/v1/runs/${id}/events`, { headers: stranger.headers })).status).toBe(404);
  });
});

/** A finished run with a step screenshot, a HAR and a trace kept as the worker keeps them. */
async function keptRun(headers: Record<string, string>) {
  const { id } = await json(await post("/api/v1/runs", headers, { prompt: "p" }));
  await claimRun({ ctx: t.ctx, input: { runId: id } });
  const screenshotKey = stepScreenshotKey(id, 1, "png");
  await t.storage.put(screenshotKey, Buffer.from("png bytes"), "image/png");
  await recordStep({ ctx: t.ctx, input: { ...clickStep(id, 1), screenshotKey } });
  const har = {
    log: { version: "1.2", creator: { name: "errand", version: "1" }, entries: [{ request: { url: "http://shop.test/" } }] },
  };
  const trace = {
    run_id: id,
    trace_id: null,
    started_at: new Date().toISOString(),
    duration_ms: 100,
    status: "success",
    spans: [],
    steps: [],
  };
  await t.storage.put(runHarKey(id), gzipSync(JSON.stringify(har)), "application/gzip");
  await t.storage.put(runTraceKey(id), gzipSync(JSON.stringify(trace)), "application/gzip");
  await finishRun({ ctx: t.ctx, input: { runId: id, status: "success", result: "done" } });
  return { id, har, trace };
}

describe("a run's downloads: HAR, trace and bundle", () => {
  it("gives the owner the HAR and the trace, and the bundle with steps, screenshots, result, HAR and trace, holding no API key", async () => {
    const { headers } = await newCaller();
    const { id, har, trace } = await keptRun(headers);
    const harRes = await t.app.request(`/api/v1/runs/${id}/har`, { headers });
    expect(harRes.status).toBe(200);
    expect(harRes.headers.get("content-disposition")).toContain(`attachment; filename="run-${id}.har"`);
    expect(await json(harRes)).toEqual(har);
    expect(await json(await t.app.request(`/api/v1/runs/${id}/trace`, { headers }))).toEqual(trace);

    const bundleRes = await t.app.request(`/api/v1/runs/${id}/bundle`, { headers });
    expect(bundleRes.headers.get("content-type")).toBe("application/zip");
    const files = unzip(Buffer.from(await bundleRes.arrayBuffer()));
    expect([...files.keys()]).toEqual(["run.json", "steps.json", "screenshots/1.png", "network.har", "trace.json"]);
    expect(JSON.parse(files.get("run.json")!.toString())).toMatchObject({ id, status: "success", result: "done" });
    expect(JSON.parse(files.get("steps.json")!.toString())).toHaveLength(1);
    expect(files.get("screenshots/1.png")!.toString()).toBe("png bytes");
    expect(JSON.parse(files.get("network.har")!.toString())).toEqual(har);
    expect(JSON.parse(files.get("trace.json")!.toString())).toEqual(trace);
    const everything = [...files.values()].map((data) => data.toString()).join("\n");
    expect(everything).not.toContain(headers["x-api-key"]);
  });

  it("answers a run that kept nothing with an empty HAR that says why, and its steps' times as the trace", async () => {
    const { headers } = await newCaller();
    const { id } = await json(await post("/api/v1/runs", headers, { prompt: "p" }));
    await recordStep({ ctx: t.ctx, input: clickStep(id, 1) });
    const har = await json(await t.app.request(`/api/v1/runs/${id}/har`, { headers }));
    expect(har.log).toMatchObject({ version: "1.2", entries: [], comment: expect.stringContaining("kept no requests") });
    const trace = await json(await t.app.request(`/api/v1/runs/${id}/trace`, { headers }));
    expect(trace).toMatchObject({ run_id: id, trace_id: null, steps: [{ number: 1, duration_ms: 100, model_ms: 0, waiting_ms: 100 }] });
  });

  it("are the run's workspace's only: another account gets 404 for each", async () => {
    const owner = await newCaller();
    const { id } = await keptRun(owner.headers);
    const stranger = await newCaller();
    for (const download of ["har", "trace", "bundle"]) {
      const res = await t.app.request(`/api/v1/runs/${id}/${download}`, { headers: stranger.headers });
      expect(res.status).toBe(404);
      expect((await json(res)).error.message).toBe("Run not found");
    }
  });
});

// A workspace's recording retention (docs/adr/0056-recording-retention.md).
describe("recording retention", () => {
  const patchWorkspace = (id: string, headers: Record<string, string>, body: unknown) =>
    t.app.request(`/api/v1/workspaces/${id}`, { method: "PATCH", headers, body: JSON.stringify(body) });
  /** Moves a run's creation and end `days` into the past, as if it had ended then. */
  const endedDaysAgo = (runId: string, days: number) =>
    t.ctx.db
      .update(tasksRuns)
      .set({ createdAt: sql`now() - make_interval(days => ${days}, hours => 1)`, finishedAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(tasksRuns.id, runId));

  it("deletes the recording and HAR of runs older than the workspace keeps them; the run, steps and trace stay, and the downloads say why", async () => {
    const owner = await newCaller();
    const { headers } = owner;
    const refused = await patchWorkspace(owner.userId, headers, { recording_retention_days: 0 });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.fields).toEqual([
      {
        path: "recording_retention_days",
        message: "recording_retention_days must be a whole number of days from 1 to 3650, or null to keep recordings as long as their runs",
      },
    ]);
    const set = await patchWorkspace(owner.userId, headers, { recording_retention_days: 30 });
    expect(await json(set)).toMatchObject({ id: owner.userId, recording_retention_days: 30, default_allowed_domains: null });

    const old = await keptRun(headers);
    const recent = await keptRun(headers);
    for (const run of [old, recent]) await t.storage.put(sessionRecordingKey(run.id), gzipSync("{}"), "application/gzip");
    await endedDaysAgo(old.id, 31);
    await endedDaysAgo(recent.id, 29);
    // Another workspace keeps its recordings: no retention set.
    const other = await newCaller();
    const elsewhere = await keptRun(other.headers);
    await t.storage.put(sessionRecordingKey(elsewhere.id), gzipSync("{}"), "application/gzip");
    await endedDaysAgo(elsewhere.id, 400);

    await sweepRecordingRetention({ ctx: t.ctx, input: { storage: t.storage } });
    const reason = "The recording was deleted 30 days after the run ended: this workspace keeps recordings for 30 days.";
    const recording = await t.app.request(`/api/v1/runs/${old.id}/recording`, { headers });
    expect(recording.status).toBe(404);
    expect((await json(recording)).error.message).toBe(reason);
    const har = await t.app.request(`/api/v1/runs/${old.id}/har`, { headers });
    expect(har.status).toBe(404);
    expect((await json(har)).error.message).toContain("deleted 30 days after the run ended");
    expect(await t.storage.get(sessionRecordingKey(old.id))).toBeNull();
    expect(await t.storage.get(runHarKey(old.id))).toBeNull();
    expect(await json(await t.app.request(`/api/v1/runs/${old.id}`, { headers }))).toMatchObject({ status: "success", result: "done" });
    expect(await json(await t.app.request(`/api/v1/runs/${old.id}/trace`, { headers }))).toEqual(old.trace);
    const files = unzip(Buffer.from(await (await t.app.request(`/api/v1/runs/${old.id}/bundle`, { headers })).arrayBuffer()));
    expect([...files.keys()]).toEqual(["run.json", "steps.json", "screenshots/1.png", "trace.json", "deleted.txt"]);
    expect(files.get("deleted.txt")!.toString()).toBe(`${reason}\n`);

    for (const [run, runHeaders] of [
      [recent, headers],
      [elsewhere, other.headers],
    ] as const) {
      expect((await t.app.request(`/api/v1/runs/${run.id}/recording`, { headers: runHeaders })).status).toBe(200);
      expect(await json(await t.app.request(`/api/v1/runs/${run.id}/har`, { headers: runHeaders }))).toEqual(run.har);
    }
    // Null keeps recordings with their runs again; what was deleted stays deleted.
    expect(await json(await patchWorkspace(owner.userId, headers, { recording_retention_days: null }))).toMatchObject({
      recording_retention_days: null,
    });
    expect((await json(await t.app.request(`/api/v1/runs/${old.id}/recording`, { headers }))).error.message).toBe(reason);
  });
});

describe("session recordings API", () => {
  it("takes recording: false on a run and a task, and says why a run has no recording", async () => {
    const { headers } = await newCaller();
    const off = await json(await post("/api/v1/runs", headers, { prompt: "quietly", recording: false }));
    expect(await json(await t.app.request(`/api/v1/runs/${off.id}`, { headers }))).toMatchObject({ recording: false });
    const refused = await t.app.request(`/api/v1/runs/${off.id}/recording`, { headers });
    expect(refused.status).toBe(404);
    expect((await json(refused)).error.message).toBe("Recording was turned off for this run.");
    // A task turned off passes it to its runs; a run may turn it on again.
    const patched = await t.app.request(`/api/v1/tasks/${off.task_id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ recording: false }),
    });
    expect(await json(patched)).toMatchObject({ recording: false });
    const taskRun = await json(await post(`/api/v1/tasks/${off.task_id}/runs`, headers, { prompt: "quietly" }));
    expect(await json(await t.app.request(`/api/v1/runs/${taskRun.id}`, { headers }))).toMatchObject({ recording: false });
    const onAgain = await json(await post(`/api/v1/tasks/${off.task_id}/runs`, headers, { prompt: "quietly", recording: true }));
    const pending = await t.app.request(`/api/v1/runs/${onAgain.id}/recording`, { headers });
    expect((await json(pending)).error.message).toBe("The recording is kept when the run ends.");
  });

  it("sends a stored recording gzipped to clients that accept it and unpacked to the others", async () => {
    const { headers } = await newCaller();
    const run = await json(await post("/api/v1/runs", headers, { prompt: "watch me" }));
    const recording = {
      format: "errand-session-recording",
      version: 1,
      run_id: run.id,
      started_at: 1_000,
      ended_at: 3_000,
      tabs: 1,
      cut: false,
      note: null,
      steps: [{ number: 1, at: 1_500 }],
      events: [{ tab: 0, type: 4, timestamp: 1_000, data: { href: "http://127.0.0.1/", width: 1280, height: 720 } }],
    };
    await t.storage.put(sessionRecordingKey(run.id), gzipSync(JSON.stringify(recording)), "application/gzip");
    const zipped = await t.app.request(`/api/v1/runs/${run.id}/recording`, { headers: { ...headers, "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8"))).toEqual(recording);
    const plain = await t.app.request(`/api/v1/runs/${run.id}/recording`, { headers });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await json(plain)).toEqual(recording);
    // Another workspace's run is not found, as every run is.
    const stranger = await newCaller();
    expect((await t.app.request(`/api/v1/runs/${run.id}/recording`, { headers: stranger.headers })).status).toBe(404);
  });
});
