import { tasksRuns, webhookAttempts, webhookDeliveries } from "@errand/db";
import { finishRun } from "@errand/services/runs";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTest } from "../../testing/app-test.ts";
import { json, type TestApp } from "../../testing/test-app.ts";

const it = appTest;
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

const post = (path: string, headers: Record<string, string>, body?: unknown) =>
  t.app.request(path, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });

/** A run created through the API and finished, with this webhook URL. */
async function finishedRun(headers: Record<string, string>, webhookUrl?: string) {
  const created = await json(await post("/api/v1/runs", headers, { prompt: "p", ...(webhookUrl ? { webhook_url: webhookUrl } : {}) }));
  await finishRun({ ctx: t.ctx, input: { runId: created.id, status: "success", result: "ok", executionTime: 2 } });
  return created.id as string;
}

describe("webhook deliveries API", () => {
  it("shows each delivery with every attempt: time, status code, response time, error and the next attempt", async () => {
    const { headers } = await newCaller();
    const runId = await finishedRun(headers, "https://hooks.example/api-test");
    // Stands for a worker's failed first attempt (the worker tests drive real ones).
    const [delivery] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, runId));
    const at = new Date("2026-05-01T10:00:00.000Z");
    await t.ctx.db
      .insert(webhookAttempts)
      .values({ deliveryId: delivery!.id, attempt: 1, statusCode: 502, error: "Endpoint answered 502", durationMs: 840, createdAt: at });
    await t.ctx.db
      .update(webhookDeliveries)
      .set({ attempts: 1, nextAttemptAt: sql`'2026-05-01T10:00:30Z'::timestamptz` })
      .where(eq(webhookDeliveries.id, delivery!.id));

    const [run] = await t.ctx.db.select({ taskId: tasksRuns.taskId }).from(tasksRuns).where(eq(tasksRuns.id, runId));

    const res = await t.app.request(`/api/v1/runs/${runId}/webhook-deliveries`, { headers });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      deliveries: [
        {
          id: delivery!.id,
          run_id: runId,
          task_id: run!.taskId,
          trigger: "run_finished",
          url: "https://hooks.example/api-test",
          status: "pending",
          status_reason: null,
          next_attempt_at: "2026-05-01T10:00:30.000Z",
          created_at: expect.any(String),
          finished_at: null,
          attempts: [{ attempt: 1, at: at.toISOString(), status_code: 502, response_time_ms: 840, error: "Endpoint answered 502" }],
        },
      ],
    });
  });

  it("redelivers as a new delivery that replaces the pending one", async () => {
    const { headers } = await newCaller();
    const runId = await finishedRun(headers, "https://hooks.example/again");
    const res = await post(`/api/v1/runs/${runId}/webhook-deliveries/redeliver`, headers);
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toMatchObject({ run_id: runId, trigger: "redelivery", status: "pending", attempts: [] });
    const { deliveries } = await json(await t.app.request(`/api/v1/runs/${runId}/webhook-deliveries`, { headers }));
    expect(deliveries.map((d: { id: string; status: string }) => d.status)).toEqual(["pending", "replaced"]);
    expect(deliveries[0].id).toBe(created.id);
  });

  it("answers 404 for another user's run, on reading and on redelivering", async () => {
    const owner = await newCaller();
    const stranger = await newCaller();
    const runId = await finishedRun(owner.headers, "https://hooks.example/private");
    const read = await t.app.request(`/api/v1/runs/${runId}/webhook-deliveries`, { headers: stranger.headers });
    expect(read.status).toBe(404);
    const again = await post(`/api/v1/runs/${runId}/webhook-deliveries/redeliver`, stranger.headers);
    expect(again.status).toBe(404);
    expect((await json(again)).error).toEqual({ code: "not_found", message: "Run not found" });
    const { deliveries } = await json(await t.app.request(`/api/v1/runs/${runId}/webhook-deliveries`, { headers: owner.headers }));
    expect(deliveries).toHaveLength(1);
  });

  it("refuses to redeliver a run without a webhook URL, and lists none for it", async () => {
    const { headers } = await newCaller();
    const runId = await finishedRun(headers);
    const res = await post(`/api/v1/runs/${runId}/webhook-deliveries/redeliver`, headers);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe("This run has no webhook URL.");
    expect(await json(await t.app.request(`/api/v1/runs/${runId}/webhook-deliveries`, { headers }))).toEqual({ deliveries: [] });
    expect((await t.app.request("/api/v1/runs/not-a-uuid/webhook-deliveries", { headers })).status).toBe(400);
  });

  it("redelivers from the web app's session with a same-origin request only", async () => {
    const { headers, cookie } = await newCaller();
    const runId = await finishedRun(headers, "https://hooks.example/session");
    const path = `/api/v1/runs/${runId}/webhook-deliveries/redeliver`;
    expect((await post(path, { cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await post(path, { cookie, origin: "http://localhost:3000" })).status).toBe(201);
  });
});

const newCaller = () => t.newCaller();
