import { testBrowserPath } from "@errand/testkit";
import { createBrowserManager, type BrowserManager } from "@errand/agent";
import { createIsolatedTestDb } from "@errand/db/testing";
import { createLogger } from "@errand/services/logging";
import { createMetrics, renderMetrics, type Metrics } from "@errand/services/metrics";
import { createRunEventListener, type RunEventListener } from "@errand/services/events";
import { startTestBoss } from "@errand/services/testing";
import { startFakeModelServer, startOtlpReceiver, type FakeModelServer } from "@errand/testkit";
import { startTracing } from "@errand/services/tracing";
import { pollFor } from "@errand/testkit/testing";
import { startWorker, type RunningWorker } from "@errand/worker";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, json } from "../../testing/test-app.ts";
import { startHealthServer } from "./health-server.ts";

// A real run in Chromium with the fake model: allow a busy 2-core machine its time.
vi.setConfig({ testTimeout: 60_000 });

const TOKEN = "metrics-token-for-tests-0123456789";
const CREDENTIAL_PASSWORD = "pw-never-in-the-log-7f3a9c";
const SIGN_IN_PASSWORD = "sign-in-never-in-the-log-5d1e";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

// A worker takes any job of its database: this file gets its own.
const database = await createIsolatedTestDb();
const lines: string[] = [];
let metrics: Metrics;
let t: Awaited<ReturnType<typeof createTestApp>>;
let boss: PgBoss;
let events: RunEventListener;
let browsers: BrowserManager;
let model: FakeModelServer;
let worker: RunningWorker;

beforeAll(async () => {
  const started = await startTestBoss(database.url);
  boss = started.boss;
  metrics = createMetrics();
  const log = createLogger("debug", (line) => lines.push(line), "json");
  t = await createTestApp({ database, queue: started.queue, log, metrics, metricsToken: TOKEN, billingEnabled: false });
  events = await createRunEventListener(database.url, log);
  browsers = createBrowserManager({ browserPath: testBrowserPath() });
  model = await startFakeModelServer();
  model.setResponder(() => ({
    toolCalls: [{ name: "done", arguments: { success: true, text: "all done" } }],
    usage: { prompt_tokens: 1234, completion_tokens: 56 },
  }));
  worker = await startWorker({
    ctx: t.ctx,
    boss,
    events,
    storage: t.storage,
    browsers,
    concurrency: 1,
    pollingIntervalSeconds: 0.5,
    heartbeatMs: 500,
    llm: { baseUrl: model.url, apiKey: "test" },
    network: {},
    schedulerIntervalMs: null,
  });
});

afterAll(async () => {
  await worker?.stop(1000);
  await events?.close();
  await boss?.stop({ graceful: false });
  await browsers?.close();
  await model?.close();
  await t?.close();
  await database.close();
});

const scrape = (authorization?: string) => t.app.request("/metrics", { headers: authorization ? { authorization } : {} });

/** The value of one sample line of the exposition (undefined when absent). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Until the test's own timeout, as this file waited before expect.poll. */
const WAIT = { timeout: 60_000, interval: 100 };

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** A run created through the API and executed by the worker to its end. */
async function finishedRun(headers: Record<string, string>) {
  const created = await t.app.request("/api/v1/runs", { method: "POST", headers, body: JSON.stringify({ prompt: "Say hello" }) });
  expect(created.status).toBe(201);
  const run = await json(created);
  const ended = await pollFor(
    async () => json(await t.app.request(`/api/v1/runs/${run.id}`, { headers })),
    (r) => r.status !== "pending",
    WAIT,
  );
  // The worker has closed the run's browser context once executeRun has returned.
  await expect.poll(() => worker.active(), WAIT).toBe(0);
  return { run: ended, requestId: created.headers.get("x-request-id") };
}

describe("/metrics", () => {
  it("answers 404 saying how to turn it on when no token is configured", async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect((await json(res)).error.message).toMatch(/METRICS_TOKEN/);
    } finally {
      await plain.close();
    }
  });

  it("refuses a scrape without the token or with a wrong one", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await res.text()).not.toContain("errand_");
    }
  });

  it("after a run: runs by state, its duration, its steps and the model's tokens, HTTP latency by route template", async () => {
    const caller = await t.newCaller();
    const { run } = await finishedRun(caller.headers);
    expect(run.status).toBe("success");

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'errand_runs{status="success"}')).toBe(1);
    expect(sample(text, 'errand_runs{status="waiting"}')).toBe(0);
    expect(sample(text, 'errand_runs{status="running"}')).toBe(0);
    expect(sample(text, "errand_queue_depth")).toBe(0);
    expect(sample(text, "errand_queue_oldest_wait_seconds")).toBe(0);
    expect(sample(text, 'errand_run_duration_seconds_count{status="success"}')).toBe(1);
    expect(sample(text, 'errand_run_duration_seconds_bucket{status="success",le="+Inf"}')).toBe(1);
    expect(sample(text, "errand_step_duration_seconds_count")).toBe(1);
    // The fake model's usage, as the run recorded it.
    expect(run.input_tokens).toBeGreaterThanOrEqual(1234);
    expect(sample(text, 'errand_model_tokens_total{direction="input"}')).toBe(run.input_tokens);
    expect(sample(text, 'errand_model_tokens_total{direction="output"}')).toBe(run.output_tokens);
    expect(run.output_tokens).toBeGreaterThanOrEqual(56);
    expect(sample(text, "errand_browser_contexts_open")).toBe(0);
    expect(sample(text, "errand_webhook_deliveries_total")).toBe(0);
    expect(sample(text, "errand_webhook_delivery_failures_total")).toBe(0);

    // The run's page was read by id: the label is the route's template.
    expect(
      sample(text, 'errand_http_request_duration_seconds_count{method="GET",route="/api/v1/runs/:id",status_class="2xx"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'errand_http_request_duration_seconds_count{method="POST",route="/api/v1/runs",status_class="2xx"}')).toBe(1);
    const labels = text.split("\n").filter((line) => line.startsWith("errand_http_request_duration_seconds"));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((line) => UUID.test(line))).toEqual([]);
  });

  it("a worker's health port serves its own metrics behind the same token, without the database gauges", async () => {
    // A worker process's own set: what happened in it, nothing read from the database.
    const own = createMetrics();
    own.runDuration.observe({ status: "success" }, 2);
    const health = await startHealthServer({
      database,
      port: 0,
      host: "127.0.0.1",
      metrics: { token: TOKEN, render: () => renderMetrics({ ctx: { ...t.ctx, metrics: own }, input: { database: false } }) },
    });
    try {
      const url = `http://127.0.0.1:${health.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const text = await (await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(sample(text, 'errand_run_duration_seconds_count{status="success"}')).toBe(1);
      expect(text).not.toMatch(/^errand_runs\{/m);
    } finally {
      await health.close();
    }
  });

  it("counts runs that did not succeed by failure kind, and GET /runs filters by it", async () => {
    const caller = await t.newCaller();
    model.setResponder(() => ({ error: { status: 400, message: "The model refused the request." } }));
    try {
      const { run } = await finishedRun(caller.headers);
      expect(run.failure).toEqual({ kind: "model_error", message: run.status_reason });
      const text = await (await scrape(`Bearer ${TOKEN}`)).text();
      expect(sample(text, 'errand_runs_failed_total{kind="model_error"}')).toBe(1);
      expect(sample(text, 'errand_runs_failed_total{kind="time_limit"}')).toBe(0);

      const listed = await json(await t.app.request("/api/v1/runs?failure_kind=model_error,time_limit", { headers: caller.headers }));
      expect(listed.runs).toEqual([expect.objectContaining({ id: run.id, failure_kind: "model_error" })]);
      const none = await json(await t.app.request("/api/v1/runs?failure_kind=time_limit", { headers: caller.headers }));
      expect(none.runs).toEqual([]);
      const wrong = await t.app.request("/api/v1/runs?failure_kind=slow", { headers: caller.headers });
      expect(wrong.status).toBe(400);
      expect((await json(wrong)).error.message).toMatch(/failure_kind must be one or more of: navigation_blocked/);
    } finally {
      model.setResponder(() => ({
        toolCalls: [{ name: "done", arguments: { success: true, text: "all done" } }],
        usage: { prompt_tokens: 1234, completion_tokens: 56 },
      }));
    }
  });

  it("a scrape's 4xx is counted under its own route and status class", async () => {
    await scrape();
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(
      sample(text, 'errand_http_request_duration_seconds_count{method="GET",route="/metrics",status_class="4xx"}'),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe("logs", () => {
  it("each line written while serving a request carries the id returned in X-Request-Id", async () => {
    const caller = await t.newCaller();
    const res = await t.app.request("/api/v1/runs/00000000-0000-4000-8000-000000000000", { headers: caller.headers });
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(UUID);
    const served = entries().filter((e) => e.requestId === requestId);
    expect(served).toEqual([expect.objectContaining({ msg: "request served", level: "debug", route: "/api/v1/runs/:id", status: 404 })]);

    // A sane incoming id is kept (a proxy's trace id); anything else is replaced.
    const traced = await t.app.request("/api/health", { headers: { "x-request-id": "trace-0a1b2c3d4e5f" } });
    expect(traced.headers.get("x-request-id")).toBe("trace-0a1b2c3d4e5f");
    expect(entries().some((e) => e.requestId === "trace-0a1b2c3d4e5f")).toBe(true);
    const forged = await t.app.request("/api/health", { headers: { "x-request-id": 'x" injected' } });
    expect(forged.headers.get("x-request-id")).toMatch(UUID);
  });

  it("with tracing on, a request is a span named by its route with the request id, and its lines carry the span's ids", async () => {
    const caller = await t.newCaller();
    const receiver = await startOtlpReceiver();
    const tracing = startTracing({ endpoint: receiver.url })!;
    try {
      const res = await t.app.request("/api/v1/runs/00000000-0000-4000-8000-000000000000", { headers: caller.headers });
      const requestId = res.headers.get("x-request-id")!;
      await tracing.flush();
      const span = receiver.spans.find((s) => s.attributes["errand.request.id"] === requestId);
      expect(span).toMatchObject({
        name: "GET /api/v1/runs/:id",
        attributes: { "http.route": "/api/v1/runs/:id", "http.response.status_code": 404 },
      });
      expect(entries().find((e) => e.requestId === requestId)).toMatchObject({ trace_id: span!.traceId, span_id: span!.spanId });
      // Neither the caller's key nor the path with its ids is exported.
      expect(receiver.bodies.join("")).not.toContain(caller.headers["x-api-key"]);
      expect(receiver.bodies.join("")).not.toContain("00000000-0000-4000-8000-000000000000");
    } finally {
      await tracing.shutdown();
      await receiver.close();
    }
  });

  it("each line written while executing a run carries its run id", async () => {
    const caller = await t.newCaller();
    const { run } = await finishedRun(caller.headers);
    const started = entries().find((e) => e.msg === "run started" && e.runId === run.id);
    const ended = entries().find((e) => e.msg === "run ended" && e.runId === run.id);
    // "run started" names no run itself: the id comes from the run's log context.
    expect(started).toMatchObject({ level: "info", runId: run.id });
    expect(started).not.toHaveProperty("requestId");
    expect(ended).toMatchObject({ status: "success" });
  });

  it("never holds a secret sent in a request body or header", async () => {
    const caller = await t.newCaller();
    const saved = await t.app.request("/api/v1/credentials", {
      method: "POST",
      headers: caller.headers,
      body: JSON.stringify({ name: "shop", domains: ["shop.example"], username: "bob", password: CREDENTIAL_PASSWORD }),
    });
    expect(saved.status).toBe(201);
    await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": t.freshIp() },
      body: JSON.stringify({ email: caller.email, password: SIGN_IN_PASSWORD }),
    });
    await scrape(`Bearer ${TOKEN}`);
    const all = lines.join("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [CREDENTIAL_PASSWORD, SIGN_IN_PASSWORD, TOKEN, caller.headers["x-api-key"]!]) expect(all).not.toContain(secret);
  });

  it("counts a run cancelled through the API, though its worker never finishes it", async () => {
    const caller = await t.newCaller();
    model.setResponder(() => ({ hang: true }));
    const before = sample(await (await scrape(`Bearer ${TOKEN}`)).text(), 'errand_run_duration_seconds_count{status="cancelled"}') ?? 0;
    const created = await t.app.request("/api/v1/runs", {
      method: "POST",
      headers: caller.headers,
      body: JSON.stringify({ prompt: "Wait for the model" }),
    });
    const run = await json(created);
    // Running: the worker has it, and its model call hangs.
    await pollFor(
      async () => json(await t.app.request(`/api/v1/runs/${run.id}`, { headers: caller.headers })),
      (r) => r.started_at !== null,
      WAIT,
    );
    const cancelled = await t.app.request(`/api/v1/runs/${run.id}/cancel`, { method: "POST", headers: caller.headers, body: "{}" });
    expect(cancelled.status).toBe(200);
    await expect.poll(() => worker.active(), WAIT).toBe(0);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(text, 'errand_run_duration_seconds_count{status="cancelled"}')).toBe(before + 1);
  });
});
