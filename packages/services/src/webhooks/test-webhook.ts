import { WEBHOOK_TIMEOUT_SECONDS, type WebhookTestResult } from "@errand/contract";
import { webhookAttempts, webhookDeliveries } from "@errand/db";
import { and, desc, eq, sql } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { ownWebhook } from "./own-webhook.ts";
import { queueWebhookDelivery } from "./queue-webhook-delivery.ts";
import { requireRole } from "../workspaces/roles.ts";

/** How long a test waits for a webhook worker to take it before giving up on it. */
export const TEST_DELIVERY_CLAIM_WAIT_MS = 15_000;
const POLL_MS = 100;

/**
 * Sends one signed test event to the webhook now and answers how the endpoint answered. It goes
 * through the outbox like every delivery (ADR 0008): whichever process runs the webhook worker
 * sends it, with the same address rules, signature and log; it is tried once, not retried. The
 * caller waits here until its attempt is recorded.
 */
export async function testWebhook({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ webhookId: string; claimWaitMs?: number }>): Promise<WebhookTestResult> {
  requireRole(caller, "manage");
  const webhook = await ownWebhook(ctx.db, caller, input.webhookId);
  const delivery = await queueWebhookDelivery(ctx.db, { runId: null, webhookId: webhook.id, url: webhook.url, trigger: "test" });
  ctx.log.info("webhook test queued", { userId: caller.userId, webhookId: webhook.id, deliveryId: delivery.id });
  const claimDeadline = Date.now() + (input.claimWaitMs ?? TEST_DELIVERY_CLAIM_WAIT_MS);
  // Once taken, the attempt ends within its timeout; the margin covers the writes around it.
  const answerWaitMs = (WEBHOOK_TIMEOUT_SECONDS + 5) * 1000;
  let answerDeadline: number | null = null;
  for (;;) {
    const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    if (!row) throw notFound("Webhook");
    if (row.status !== "pending") {
      const [attempt] = await ctx.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, row.id))
        .orderBy(desc(webhookAttempts.attempt))
        .limit(1);
      const ok = row.status === "delivered";
      return {
        ok,
        status_code: attempt?.statusCode ?? null,
        error: ok ? null : (attempt?.error ?? row.statusReason),
        duration_ms: attempt?.durationMs ?? 0,
      };
    }
    if (row.attempts > 0) answerDeadline ??= Date.now() + answerWaitMs;
    if (answerDeadline !== null && Date.now() > answerDeadline) {
      return {
        ok: false,
        status_code: null,
        error: "No outcome was recorded in time: see the webhook's deliveries",
        duration_ms: answerWaitMs,
      };
    }
    if (answerDeadline === null && Date.now() > claimDeadline) {
      const reason = "No webhook worker took the test delivery: is the worker running?";
      // Only if still untaken: a worker may take it at this very moment.
      const given = await ctx.db
        .update(webhookDeliveries)
        .set({ status: "failed", statusReason: reason, nextAttemptAt: null, finishedAt: sql`now()` })
        .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.attempts, 0)))
        .returning({ id: webhookDeliveries.id });
      if (given.length) return { ok: false, status_code: null, error: reason, duration_ms: 0 };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
