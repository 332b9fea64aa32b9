import { profiles } from "@errand/db";
import { createTestUser, openTestDb } from "@errand/db/testing";
import { eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestContext, startTestBoss } from "../testing.ts";
import {
  claimRun,
  createTaskWithRun,
  finishRun,
  getWebhookSecret,
  prepareWebhook,
  provisionAccount,
  signWebhook,
  verifyWebhookSignature,
  WEBHOOK_QUEUE,
  type ServiceContext,
} from "../index.ts";

const { db, url, close } = openTestDb();
let boss: PgBoss;
let ctx: ServiceContext;
beforeAll(async () => {
  const started = await startTestBoss(url);
  boss = started.boss;
  ctx = makeTestContext(db, {}, started.queue);
});
afterAll(async () => {
  await boss.stop({ graceful: false, wait: true });
  await close();
});

describe("webhook signatures", () => {
  it("verifies what was signed, and nothing altered or stale", () => {
    const header = signWebhook("whsec_test", '{"a":1}', 1_800_000_000);
    expect(verifyWebhookSignature("whsec_test", header, '{"a":1}', { now: 1_800_000_010 })).toBe(true);
    expect(verifyWebhookSignature("whsec_test", header, '{"a":2}', { now: 1_800_000_010 })).toBe(false);
    expect(verifyWebhookSignature("whsec_other", header, '{"a":1}', { now: 1_800_000_010 })).toBe(false);
    expect(verifyWebhookSignature("whsec_test", header, '{"a":1}', { now: 1_800_001_000 })).toBe(false);
    expect(verifyWebhookSignature("whsec_test", "garbage", '{"a":1}')).toBe(false);
  });
});

describe("webhook delivery preparation", () => {
  it("gives each user one stable secret, stored encrypted", async () => {
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    const [a, b] = await Promise.all([getWebhookSecret({ ctx, input: { userId: user.id } }), getWebhookSecret({ ctx, input: { userId: user.id } })]);
    expect(a).toBe(b);
    expect(a).toMatch(/^whsec_/);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row!.webhookSecretCiphertext).not.toContain(a);
  });

  it("queues the webhook when a run with a webhook URL ends, with a signed body of the outcome", async () => {
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    const { run } = await createTaskWithRun({
      ctx,
      input: { userId: user.id, settings: { prompt: "p", webhook_url: "https://hooks.example/errand" } },
    });
    await claimRun({ ctx, input: { runId: run.id } });
    await finishRun({ ctx, input: { runId: run.id, status: "success", result: "42", executionTime: 3 } });
    expect((await boss.getJobById(WEBHOOK_QUEUE, run.id))?.data).toEqual({ runId: run.id });

    const request = await prepareWebhook({ ctx, input: { runId: run.id } });
    expect(request?.url).toBe("https://hooks.example/errand");
    expect(JSON.parse(request!.body)).toMatchObject({ event: "run.finished", run: { id: run.id, status: "success", result: "42" } });
    const secret = await getWebhookSecret({ ctx, input: { userId: user.id } });
    expect(verifyWebhookSignature(secret, request!.headers["errand-signature"], request!.body)).toBe(true);
  });
});
