import { MAX_WEBHOOKS_PER_ACCOUNT, type FinalRunStatus, type WebhookEvent } from "@errand/contract";
import { tasksRuns, webhookAttempts, webhookDeliveries, webhooks } from "@errand/db";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createFinishedRun, createTestAccount, isolatedServiceTest, testCaller, settleDueDeliveries } from "../testing.ts";
import {
  claimWebhookDeliveries,
  completeWebhookAttempt,
  createWebhook,
  deleteWebhook,
  getWebhook,
  getWebhookSecret,
  listWebhookDeliveries,
  listWebhookEndpointDeliveries,
  listWebhooks,
  prepareWebhook,
  redeliverWebhook,
  testWebhook,
  verifyWebhookSignature,
  webhookEventFor,
} from "./index.ts";
import { createTaskWithRun, finishRun } from "../runs/index.ts";

// A database of its own: claims take any due delivery in the database.
const { it, file } = isolatedServiceTest();

const newUser = () => createTestAccount(file.ctx);
const subscribe = (userId: string, events: WebhookEvent[], url = "https://hooks.example/account") =>
  createWebhook({ ctx: file.ctx, caller: testCaller(userId), input: { url, events } });

const endedRun = (userId: string, status: FinalRunStatus, webhookUrl?: string) =>
  createFinishedRun(file.ctx, userId, { status, webhookUrl });

const accountDeliveriesOf = (runId: string) =>
  file.database.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.runId, runId), isNotNull(webhookDeliveries.webhookId)))
    .orderBy(asc(webhookDeliveries.createdAt));

describe("account webhooks", () => {
  it("are created, listed newest first, read and deleted, and show their secret only when created", async () => {
    const user = await newUser();
    const first = await createWebhook({
      ctx: file.ctx,
      caller: testCaller(user.id),
      input: { url: "https://hooks.example/one", events: ["run.finished"], description: "Zapier" },
    });
    const second = await subscribe(user.id, ["run.succeeded", "run.failed"]);
    expect(first).toMatchObject({
      url: "https://hooks.example/one",
      events: ["run.finished"],
      description: "Zapier",
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(second.description).toBeNull();
    expect(second.secret).not.toBe(first.secret);

    const { webhooks: listed } = await listWebhooks({ ctx: file.ctx, caller: testCaller(user.id), input: {} });
    expect(listed.map((w) => w.id)).toEqual([second.id, first.id]);
    expect(listed.every((w) => !("secret" in w))).toBe(true);
    const { secret: _secret, ...shown } = first;
    expect(await getWebhook({ ctx: file.ctx, caller: testCaller(user.id), input: { webhookId: first.id } })).toEqual(shown);
    // Sealed at rest.
    const [row] = await file.database.db.select().from(webhooks).where(eq(webhooks.id, first.id));
    expect(row!.secretCiphertext).not.toContain(first.secret);

    await deleteWebhook({ ctx: file.ctx, caller: testCaller(user.id), input: { webhookId: first.id } });
    expect((await listWebhooks({ ctx: file.ctx, caller: testCaller(user.id), input: {} })).webhooks.map((w) => w.id)).toEqual([second.id]);
    await expect(getWebhook({ ctx: file.ctx, caller: testCaller(user.id), input: { webhookId: first.id } })).rejects.toMatchObject({
      code: "not_found",
      message: "Webhook not found",
    });
  });

  it("are another account's business: not found on every verb", async () => {
    const owner = await newUser();
    const stranger = testCaller((await newUser()).id);
    const webhook = await subscribe(owner.id, ["run.finished"]);
    const input = { webhookId: webhook.id };
    await expect(getWebhook({ ctx: file.ctx, caller: stranger, input })).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteWebhook({ ctx: file.ctx, caller: stranger, input })).rejects.toMatchObject({ code: "not_found" });
    await expect(testWebhook({ ctx: file.ctx, caller: stranger, input })).rejects.toMatchObject({ code: "not_found" });
    await expect(listWebhookEndpointDeliveries({ ctx: file.ctx, caller: stranger, input })).rejects.toMatchObject({ code: "not_found" });
    expect((await listWebhooks({ ctx: file.ctx, caller: stranger, input: {} })).webhooks).toEqual([]);
    expect(await getWebhook({ ctx: file.ctx, caller: testCaller(owner.id), input })).toMatchObject({ id: webhook.id });
  });

  it(`are at most ${MAX_WEBHOOKS_PER_ACCOUNT} per account, even when created at once`, async () => {
    const user = await newUser();
    const results = await Promise.allSettled(
      Array.from({ length: MAX_WEBHOOKS_PER_ACCOUNT + 3 }, () => subscribe(user.id, ["run.finished"])),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_WEBHOOKS_PER_ACCOUNT);
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({
      code: "conflict",
      message: `An account can have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks: delete one you no longer use first.`,
    });
  });

  it("need the write scope to change and the read scope to look", async () => {
    const user = await newUser();
    const reader = testCaller(user.id, { scopes: ["read"] });
    await expect(
      createWebhook({ ctx: file.ctx, caller: reader, input: { url: "https://hooks.example/r", events: ["run.failed"] } }),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(await listWebhooks({ ctx: file.ctx, caller: reader, input: {} })).toEqual({ webhooks: [] });
  });
});

describe("which event a run's end sends", () => {
  it("is the most specific one the webhook subscribed to, or none", () => {
    expect(webhookEventFor("success", ["run.finished", "run.succeeded"])).toBe("run.succeeded");
    expect(webhookEventFor("success", ["run.finished"])).toBe("run.finished");
    expect(webhookEventFor("success", ["run.failed"])).toBeNull();
    expect(webhookEventFor("failed", ["run.failed", "run.finished"])).toBe("run.failed");
    expect(webhookEventFor("error", ["run.failed"])).toBe("run.failed");
    expect(webhookEventFor("cancelled", ["run.failed", "run.succeeded"])).toBeNull();
    expect(webhookEventFor("cancelled", ["run.finished"])).toBe("run.finished");
  });
});

describe("deliveries to account webhooks", () => {
  it("are queued with the finish, one per matching webhook, signed with that webhook's secret and carrying its event", async () => {
    const user = await newUser();
    const succeeded = await subscribe(user.id, ["run.succeeded"], "https://hooks.example/succeeded");
    const finished = await subscribe(user.id, ["run.finished"], "https://hooks.example/finished");
    const both = await subscribe(user.id, ["run.finished", "run.succeeded"], "https://hooks.example/both");
    await subscribe(user.id, ["run.failed"], "https://hooks.example/failed");
    // Another account's run goes to none of these.
    await endedRun((await newUser()).id, "success");

    const run = await endedRun(user.id, "success", "https://hooks.example/own");
    const queued = await accountDeliveriesOf(run.id);
    expect(queued.map((d) => d.webhookId).sort()).toEqual([succeeded.id, finished.id, both.id].sort());
    expect(queued.every((d) => d.status === "pending" && d.trigger === "run_finished")).toBe(true);

    const accountSecret = await getWebhookSecret({ ctx: file.ctx, caller: testCaller(user.id), input: {} });
    for (const [webhook, event] of [
      [succeeded, "run.succeeded"],
      [finished, "run.finished"],
      [both, "run.succeeded"],
    ] as const) {
      const delivery = queued.find((d) => d.webhookId === webhook.id)!;
      expect(delivery.url).toBe(webhook.url);
      const request = await prepareWebhook({
        ctx: file.ctx,
        input: { runId: run.id, deliveryId: delivery.id, url: delivery.url, webhookId: webhook.id, trigger: delivery.trigger },
      });
      expect(JSON.parse(request!.body)).toMatchObject({
        event,
        delivery_id: delivery.id,
        webhook_id: webhook.id,
        run: { id: run.id, status: "success", result: "42" },
      });
      expect(verifyWebhookSignature(webhook.secret, request!.headers["errand-signature"], request!.body)).toBe(true);
      expect(verifyWebhookSignature(accountSecret, request!.headers["errand-signature"], request!.body)).toBe(false);
    }
    // The run's own webhook is listed, and redelivered, apart from them.
    const own = await listWebhookDeliveries({ ctx: file.ctx, caller: testCaller(user.id), input: { runId: run.id } });
    expect(own.deliveries.map((d) => d.url)).toEqual(["https://hooks.example/own"]);
    await redeliverWebhook({ ctx: file.ctx, caller: testCaller(user.id), input: { runId: run.id } });
    expect((await accountDeliveriesOf(run.id)).every((d) => d.status === "pending")).toBe(true);
    const log = await listWebhookEndpointDeliveries({ ctx: file.ctx, caller: testCaller(user.id), input: { webhookId: succeeded.id } });
    expect(log.deliveries).toMatchObject([
      {
        run_id: run.id,
        task_id: run.taskId,
        trigger: "run_finished",
        status: "pending",
        url: "https://hooks.example/succeeded",
        attempts: [],
      },
    ]);
  });

  it("are not queued for a failed run to a run.succeeded webhook, nor for a cancelled run to a run.failed one", async () => {
    const user = await newUser();
    const succeeded = await subscribe(user.id, ["run.succeeded"]);
    const failed = await subscribe(user.id, ["run.failed"]);
    const finished = await subscribe(user.id, ["run.finished"]);
    const failedRun = await endedRun(user.id, "failed");
    expect((await accountDeliveriesOf(failedRun.id)).map((d) => d.webhookId).sort()).toEqual([failed.id, finished.id].sort());
    const errorRun = await endedRun(user.id, "error");
    expect((await accountDeliveriesOf(errorRun.id)).map((d) => d.webhookId).sort()).toEqual([failed.id, finished.id].sort());
    const cancelled = await endedRun(user.id, "cancelled");
    expect((await accountDeliveriesOf(cancelled.id)).map((d) => d.webhookId)).toEqual([finished.id]);
    expect(
      (await listWebhookEndpointDeliveries({ ctx: file.ctx, caller: testCaller(user.id), input: { webhookId: succeeded.id } })).deliveries,
    ).toEqual([]);
  });

  it("are queued in the finishing transaction: none when it rolls back", async () => {
    const user = await newUser();
    await subscribe(user.id, ["run.finished"]);
    const { run } = await createTaskWithRun({ ctx: file.ctx, caller: testCaller(user.id), input: { settings: { prompt: "p" } } });
    await file.database.db
      .transaction(async (tx) => {
        await finishRun({ ctx: { ...file.ctx, db: tx }, input: { runId: run.id, status: "success", executionTime: 1 } });
        expect(await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, run.id))).toHaveLength(1);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await accountDeliveriesOf(run.id)).toEqual([]);
    expect((await file.database.db.select().from(tasksRuns).where(eq(tasksRuns.id, run.id)))[0]!.status).toBe("pending");
  });

  it("stop when their webhook is deleted, and an attempt in flight then records nothing", async () => {
    await settleDueDeliveries(file.database.db);
    const user = await newUser();
    const webhook = await subscribe(user.id, ["run.finished"], "https://deleted.example/hook");
    const kept = await subscribe(user.id, ["run.finished"], "https://kept.example/hook");
    const run = await endedRun(user.id, "success");
    const claimed = await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } });
    const inFlight = claimed.find((d) => d.webhookId === webhook.id)!;
    expect(inFlight).toMatchObject({ runId: run.id, trigger: "run_finished", endpoint: "https://deleted.example" });

    await deleteWebhook({ ctx: file.ctx, caller: testCaller(user.id), input: { webhookId: webhook.id } });
    expect((await accountDeliveriesOf(run.id)).map((d) => d.webhookId)).toEqual([kept.id]);
    expect(
      await prepareWebhook({
        ctx: file.ctx,
        input: { runId: run.id, deliveryId: inFlight.id, url: inFlight.url, webhookId: webhook.id, trigger: "run_finished" },
      }),
    ).toBeNull();
    const late = await completeWebhookAttempt({
      ctx: file.ctx,
      input: { delivery: inFlight, outcome: { startedAt: new Date(), durationMs: 3, statusCode: 204, error: null } },
    });
    expect(late).toBeNull();
    expect(await file.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, inFlight.id))).toEqual([]);
    await settleDueDeliveries(file.database.db);
  });

  it("to the same webhook are one pending per run", async () => {
    const user = await newUser();
    const webhook = await subscribe(user.id, ["run.finished"]);
    const run = await endedRun(user.id, "success");
    await expect(
      file.database.db.insert(webhookDeliveries).values({
        runId: run.id,
        webhookId: webhook.id,
        url: webhook.url,
        endpoint: "https://hooks.example",
        trigger: "run_finished",
        nextAttemptAt: sql`now()`,
      }),
    ).rejects.toMatchObject({ cause: { constraint: "webhook_deliveries_one_pending_per_run_webhook" } });
  });
});

describe("a test delivery", () => {
  it("is tried once, not retried, and answers how the endpoint answered", async () => {
    await settleDueDeliveries(file.database.db);
    const user = await newUser();
    const webhook = await subscribe(user.id, ["run.succeeded"], "https://test.example/hook");
    const answer = testWebhook({ ctx: file.ctx, caller: testCaller(user.id), input: { webhookId: webhook.id } });
    // Stands for the worker (the worker's tests send real ones).
    let claimed: Awaited<ReturnType<typeof claimWebhookDeliveries>> = [];
    while (!claimed.length) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      claimed = await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } });
    }
    const [delivery] = claimed;
    expect(delivery).toMatchObject({ runId: null, webhookId: webhook.id, trigger: "test", attempt: 1 });
    const request = await prepareWebhook({
      ctx: file.ctx,
      input: { runId: null, deliveryId: delivery!.id, url: delivery!.url, webhookId: webhook.id, trigger: "test" },
    });
    expect(JSON.parse(request!.body)).toEqual({
      event: "webhook.test",
      delivery_id: delivery!.id,
      webhook_id: webhook.id,
      sent_at: expect.any(String),
    });
    expect(request!.headers["errand-run-id"]).toBeUndefined();
    expect(verifyWebhookSignature(webhook.secret, request!.headers["errand-signature"], request!.body)).toBe(true);
    await completeWebhookAttempt({
      ctx: file.ctx,
      input: { delivery: delivery!, outcome: { startedAt: new Date(), durationMs: 87, statusCode: 500, error: "Endpoint answered 500" } },
    });

    expect(await answer).toEqual({ ok: false, status_code: 500, error: "Endpoint answered 500", duration_ms: 87 });
    const { deliveries } = await listWebhookEndpointDeliveries({
      ctx: file.ctx,
      caller: testCaller(user.id),
      input: { webhookId: webhook.id },
    });
    expect(deliveries).toMatchObject([
      { run_id: null, task_id: null, trigger: "test", status: "failed", status_reason: "Endpoint answered 500", next_attempt_at: null },
    ]);
  });

  it("says so when no webhook worker takes it", async () => {
    await settleDueDeliveries(file.database.db);
    const user = await newUser();
    const webhook = await subscribe(user.id, ["run.finished"]);
    const result = await testWebhook({ ctx: file.ctx, caller: testCaller(user.id), input: { webhookId: webhook.id, claimWaitMs: 0 } });
    expect(result).toEqual({
      ok: false,
      status_code: null,
      error: "No webhook worker took the test delivery: is the worker running?",
      duration_ms: 0,
    });
    expect(await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } })).toEqual([]);
  });
});
