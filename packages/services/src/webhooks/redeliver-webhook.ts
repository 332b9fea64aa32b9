import { tasksRuns, webhookDeliveries } from "@errand/db";
import { and, eq, getTableColumns, isNull, ne, sql } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict } from "../errors.ts";
import { ownRun } from "../runs/own-run.ts";
import { deliveryToApi } from "./delivery-to-api.ts";
import { queueWebhookDelivery } from "./queue-webhook-delivery.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Sends a finished run's webhook again, now: a new delivery (a new delivery id, so a receiver
 * that deduplicates does not drop it) with its own attempts and retry schedule. A delivery of
 * the run still pending is replaced, so a run never has two under way. Its deliveries to account
 * webhooks are not concerned.
 */
export async function redeliverWebhook({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>) {
  requireRole(caller, "manage");
  return ctx.db.transaction(async (tx) => {
    // Locking the run makes concurrent redeliveries of one run take turns.
    const run = await ownRun(tx, caller, input.runId, getTableColumns(tasksRuns), "update");
    if (!run.webhookUrl) throw conflict("This run has no webhook URL.");
    if (run.status === "pending") throw conflict("This run has not finished yet: its webhook is sent when it ends.");
    await tx
      .update(webhookDeliveries)
      .set({ status: "replaced", statusReason: "Replaced by a redelivery", nextAttemptAt: null, leasedUntil: null, finishedAt: sql`now()` })
      // Of its end: a "person needed" delivery still being retried is another message, kept.
      .where(
        and(
          eq(webhookDeliveries.runId, run.id),
          isNull(webhookDeliveries.webhookId),
          eq(webhookDeliveries.status, "pending"),
          ne(webhookDeliveries.trigger, "needs_person"),
          ne(webhookDeliveries.trigger, "needs_approval"),
        ),
      );
    const delivery = await queueWebhookDelivery(tx, { runId: run.id, url: run.webhookUrl, trigger: "redelivery" });
    ctx.log.info("webhook redelivery queued", { runId: run.id, deliveryId: delivery.id });
    return deliveryToApi(delivery, [], run.taskId);
  });
}
