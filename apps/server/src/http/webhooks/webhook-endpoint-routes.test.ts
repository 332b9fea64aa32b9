import { MAX_WEBHOOKS_PER_ACCOUNT } from "@errand/contract";
import { webhookDeliveries, webhooks } from "@errand/db";
import { completeWebhookAttempt } from "@errand/services/webhooks";
import { finishRun } from "@errand/services/runs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTest } from "../../testing/app-test.ts";
import { json, type TestApp } from "../../testing/test-app.ts";

const it = appTest;
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

const create = (headers: Record<string, string>, body: unknown) => t.send("POST", "/api/v1/webhooks", headers, body);

describe("account webhooks API", () => {
  it("creates a webhook with its secret, then lists, reads and deletes it without", async () => {
    const { headers } = await t.newCaller();
    const res = await create(headers, {
      url: "https://hooks.example/zap",
      events: ["run.succeeded", "run.failed"],
      description: "Zapier: new run",
    });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toEqual({
      id: expect.any(String),
      url: "https://hooks.example/zap",
      events: ["run.succeeded", "run.failed"],
      description: "Zapier: new run",
      created_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_/),
    });
    const { secret, ...webhook } = created;

    const listed = await json(await t.app.request("/api/v1/webhooks", { headers }));
    expect(listed).toEqual({ webhooks: [webhook] });
    const read = await t.app.request(`/api/v1/webhooks/${webhook.id}`, { headers });
    expect(await json(read)).toEqual(webhook);
    expect(JSON.stringify(listed)).not.toContain(secret);

    expect((await t.send("DELETE", `/api/v1/webhooks/${webhook.id}`, headers)).status).toBe(204);
    expect((await t.app.request(`/api/v1/webhooks/${webhook.id}`, { headers })).status).toBe(404);
    expect((await t.send("DELETE", `/api/v1/webhooks/${webhook.id}`, headers)).status).toBe(404);
  });

  it("says what is wrong with the url, events and description", async () => {
    const { headers } = await t.newCaller();
    const problems = async (body: unknown) => {
      const res = await create(headers, body);
      expect(res.status).toBe(400);
      return (await json(res)).error.fields;
    };
    expect(await problems({ url: "ftp://hooks.example", events: ["run.finished"] })).toEqual([
      { path: "url", message: "url must be an http(s) URL" },
    ]);
    expect(await problems({ url: "http://169.254.169.254/latest/meta-data/", events: ["run.finished"] })).toEqual([
      {
        path: "url",
        message:
          "169.254.169.254 is a private, loopback, link-local or metadata address; such addresses are refused unless the server sets ALLOW_PRIVATE_NETWORK=true",
      },
    ]);
    expect(await problems({ url: "https://hooks.example", events: [] })).toEqual([
      { path: "events", message: "events must name at least one event" },
    ]);
    expect(await problems({ url: "https://hooks.example", events: ["run.started"] })).toEqual([
      {
        path: "events.0",
        message:
          "events must be one or more of run.finished, run.succeeded, run.failed, run.needs_person, run.needs_approval, budget.threshold, batch.finished",
      },
    ]);
    expect(await problems({ url: "https://hooks.example", events: ["run.failed", "run.failed"] })).toEqual([
      { path: "events", message: "events must not name an event twice" },
    ]);
    expect(await problems({ url: "https://hooks.example" })).toMatchObject([{ path: "events" }]);
    expect(await problems({ url: "https://hooks.example", events: ["run.failed"], description: "x".repeat(201) })).toEqual([
      { path: "description", message: "description must be at most 200 characters" },
    ]);
  });

  it(`answers 409 past ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks`, async () => {
    const { headers } = await t.newCaller();
    for (let i = 0; i < MAX_WEBHOOKS_PER_ACCOUNT; i++)
      expect((await create(headers, { url: `https://hooks.example/${i}`, events: ["run.finished"] })).status).toBe(201);
    const res = await create(headers, { url: "https://hooks.example/one-more", events: ["run.finished"] });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({
      code: "conflict",
      message: `An account can have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks: delete one you no longer use first.`,
    });
  });

  it("answers 404 for another account's webhook on every operation", async () => {
    const owner = await t.newCaller();
    const stranger = await t.newCaller();
    const { id } = await json(await create(owner.headers, { url: "https://hooks.example/mine", events: ["run.finished"] }));
    for (const [method, path] of [
      ["GET", `/api/v1/webhooks/${id}`],
      ["DELETE", `/api/v1/webhooks/${id}`],
      ["POST", `/api/v1/webhooks/${id}/test`],
      ["GET", `/api/v1/webhooks/${id}/deliveries`],
    ] as const) {
      const res = await t.send(method, path, stranger.headers);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await json(res)).error).toEqual({ code: "not_found", message: "Webhook not found" });
    }
    expect(await json(await t.app.request("/api/v1/webhooks", { headers: stranger.headers }))).toEqual({ webhooks: [] });
    expect((await t.app.request(`/api/v1/webhooks/${id}`, { headers: owner.headers })).status).toBe(200);
  });

  it("lists a webhook's deliveries of run ends, and answers a test with the endpoint's answer", async () => {
    const { headers } = await t.newCaller();
    const webhook = await json(await create(headers, { url: "https://hooks.example/log", events: ["run.finished"] }));
    const run = await json(await t.send("POST", "/api/v1/runs", headers, { prompt: "p" }));
    await finishRun({ ctx: t.ctx, input: { runId: run.id, status: "cancelled" } });
    const log = await json(await t.app.request(`/api/v1/webhooks/${webhook.id}/deliveries`, { headers }));
    expect(log.deliveries).toMatchObject([
      { run_id: run.id, trigger: "run_finished", url: "https://hooks.example/log", status: "pending", attempts: [] },
    ]);

    const answer = t.send("POST", `/api/v1/webhooks/${webhook.id}/test`, headers);
    // Stands for the webhook worker (the worker's tests send real ones): takes this test delivery only.
    let taken: typeof webhookDeliveries.$inferSelect | undefined;
    while (!taken) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [taken] = await t.ctx.db
        .update(webhookDeliveries)
        .set({ attempts: 1, leasedUntil: sql`now() + interval '1 minute'` })
        .where(and(eq(webhookDeliveries.webhookId, webhook.id), eq(webhookDeliveries.trigger, "test"), eq(webhookDeliveries.attempts, 0)))
        .returning();
    }
    await completeWebhookAttempt({
      ctx: t.ctx,
      input: {
        delivery: { ...taken, webhookId: webhook.id, attempt: 1 },
        outcome: { startedAt: new Date(), durationMs: 42, statusCode: 204, error: null },
      },
    });
    const res = await answer;
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true, status_code: 204, error: null, duration_ms: 42 });
    const after = await json(await t.app.request(`/api/v1/webhooks/${webhook.id}/deliveries`, { headers }));
    expect(after.deliveries.map((d: { trigger: string; status: string }) => [d.trigger, d.status])).toEqual([
      ["test", "delivered"],
      ["run_finished", "pending"],
    ]);

    // Deleting the webhook stops its pending delivery.
    await t.send("DELETE", `/api/v1/webhooks/${webhook.id}`, headers);
    expect(await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, run.id))).toEqual([]);
    expect(await t.ctx.db.select().from(webhooks).where(eq(webhooks.id, webhook.id))).toEqual([]);
  });

  it("keeps the secret out of every answer but the first, and sealed at rest", async () => {
    const { headers } = await t.newCaller();
    const { id, secret } = await json(await create(headers, { url: "https://hooks.example/verify", events: ["run.finished"] }));
    const [row] = await t.ctx.db.select().from(webhooks).where(eq(webhooks.id, id));
    expect(row!.secretCiphertext).not.toContain(secret);
    for (const path of [`/api/v1/webhooks/${id}`, "/api/v1/webhooks", `/api/v1/webhooks/${id}/deliveries`]) {
      expect(await (await t.app.request(path, { headers })).text()).not.toContain(secret);
    }
  });
});
