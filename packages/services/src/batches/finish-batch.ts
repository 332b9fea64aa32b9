import { batches, webhookDeliveries, webhooks } from "@errand/db";
import { and, arrayContains, eq, sql } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";
import { webhookEndpoint } from "../webhooks/webhook-endpoint.ts";

/**
 * Ends a running batch whose rows have all ended (the dispatcher found none waiting or running),
 * in the dispatcher's transaction under the batch's row lock: it finishes once, and a
 * batch.finished delivery to each webhook of the workspace subscribed to it commits with it.
 */
export async function finishBatchIfDone(tx: Queryable, batch: { id: string; workspaceId: string }): Promise<void> {
  const now = new Date();
  const [finished] = await tx
    .update(batches)
    .set({ status: "finished", statusReason: null, finishedAt: now, updatedAt: now })
    .where(and(eq(batches.id, batch.id), eq(batches.status, "running")))
    .returning({ id: batches.id });
  if (!finished) return;
  const subscribed = await tx
    .select({ id: webhooks.id, url: webhooks.url })
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, batch.workspaceId), arrayContains(webhooks.events, ["batch.finished"])))
    .for("key share");
  if (!subscribed.length) return;
  await tx.insert(webhookDeliveries).values(
    subscribed.map((webhook) => ({
      webhookId: webhook.id,
      url: webhook.url,
      endpoint: webhookEndpoint(webhook.url),
      trigger: "batch_finished" as const,
      detail: batch.id,
      nextAttemptAt: sql`now()`,
    })),
  );
}
