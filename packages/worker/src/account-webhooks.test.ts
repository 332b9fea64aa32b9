import {
  createWebhook,
  getWebhookSecret,
  listWebhookEndpointDeliveries,
  testWebhook,
  verifyWebhookSignature,
} from "@errand/services/webhooks";
import type { ServiceContext } from "@errand/services";
import { createFinishedRun, createTestAccount, serviceTest, testCaller } from "@errand/services/testing";
import type { WebhookEvent } from "@errand/contract";
import { describe, expect } from "vitest";
import { webhookWorkersFor } from "./testing/webhook-workers.ts";

// A database of its own (the workers here take every due delivery in it) and real HTTP
// receivers on loopback.
const it = serviceTest.extend("databaseOptions", { isolated: true });
let ctx: ServiceContext;

it.beforeAll(({ ctx: fileCtx }) => {
  ctx = fileCtx;
});
const { receiver, worker, untilDelivered } = webhookWorkersFor(() => ctx);

const subscribe = (userId: string, url: string, events: WebhookEvent[]) =>
  createWebhook({ ctx, caller: testCaller(userId), input: { url, events } });

const endedRun = (userId: string, status: "success" | "failed") => createFinishedRun(ctx, userId, { status, result: "done" });

describe("account webhooks through the webhook worker", () => {
  it("deliver a succeeded run as run.succeeded, signed with the webhook's own secret, and nothing to a run.failed webhook", async () => {
    const succeeded = await receiver();
    const failedOnly = await receiver();
    const running = worker([succeeded, failedOnly]);
    const user = await createTestAccount(ctx);
    const webhook = await subscribe(user.id, succeeded.url, ["run.succeeded", "run.finished"]);
    const other = await subscribe(user.id, failedOnly.url, ["run.failed"]);
    const run = await endedRun(user.id, "success");

    await succeeded.waitFor(1);
    const [request] = succeeded.received;
    expect(JSON.parse(request!.body)).toMatchObject({
      event: "run.succeeded",
      webhook_id: webhook.id,
      run: { id: run.id, status: "success", result: "done" },
    });
    const signature = String(request!.headers["errand-signature"]);
    expect(verifyWebhookSignature(webhook.secret, signature, request!.body)).toBe(true);
    expect(verifyWebhookSignature(other.secret, signature, request!.body)).toBe(false);
    expect(verifyWebhookSignature(await getWebhookSecret({ ctx, caller: testCaller(user.id), input: {} }), signature, request!.body)).toBe(
      false,
    );
    const [delivery] = await untilDelivered(user.id, { webhookId: webhook.id }, (status) => status === "delivered");
    expect(request!.headers["errand-delivery-id"]).toBe(delivery!.id);
    // No delivery was ever queued for the run.failed webhook.
    expect((await listWebhookEndpointDeliveries({ ctx, caller: testCaller(user.id), input: { webhookId: other.id } })).deliveries).toEqual(
      [],
    );
    await running.stop();
  });

  it("retry a receiver answering 500 with the same delivery id until it answers 2xx", async () => {
    const flaky = await receiver({ failures: 2 });
    const running = worker([flaky], { schedule: [0.1, 0.2] });
    const user = await createTestAccount(ctx);
    const webhook = await subscribe(user.id, flaky.url, ["run.failed"]);
    await endedRun(user.id, "failed");

    const [delivery] = await untilDelivered(user.id, { webhookId: webhook.id }, (status) => status === "delivered");
    expect(delivery!.attempts.map((a) => a.status_code)).toEqual([500, 500, 204]);
    expect(flaky.received.map((r) => JSON.parse(r.body))).toMatchObject([
      { event: "run.failed", delivery_id: delivery!.id },
      { event: "run.failed", delivery_id: delivery!.id },
      { event: "run.failed", delivery_id: delivery!.id },
    ]);
    await running.stop();
  });

  it("send a test delivery once and answer its outcome", async () => {
    const healthy = await receiver();
    const broken = await receiver({ failures: 1000 });
    const running = worker([healthy, broken], { schedule: [0.1, 0.1] });
    const user = await createTestAccount(ctx);
    const good = await subscribe(user.id, healthy.url, ["run.finished"]);
    const bad = await subscribe(user.id, broken.url, ["run.finished"]);

    const ok = await testWebhook({ ctx, caller: testCaller(user.id), input: { webhookId: good.id } });
    expect(ok).toEqual({ ok: true, status_code: 204, error: null, duration_ms: expect.any(Number) });
    const [sent] = healthy.received;
    expect(JSON.parse(sent!.body)).toMatchObject({ event: "webhook.test", webhook_id: good.id });
    expect(verifyWebhookSignature(good.secret, String(sent!.headers["errand-signature"]), sent!.body)).toBe(true);

    const failed = await testWebhook({ ctx, caller: testCaller(user.id), input: { webhookId: bad.id } });
    expect(failed).toEqual({ ok: false, status_code: 500, error: "Endpoint answered 500", duration_ms: expect.any(Number) });
    // Failed for good after one attempt: it is not retried.
    const { deliveries } = await listWebhookEndpointDeliveries({ ctx, caller: testCaller(user.id), input: { webhookId: bad.id } });
    expect(deliveries).toMatchObject([{ trigger: "test", status: "failed", attempts: [{ attempt: 1, status_code: 500 }] }]);
    expect(broken.received).toHaveLength(1);
    await running.stop();
  });
});
