import { batches, webhooks } from "@errand/db";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";
import { queueDeliveries } from "../webhooks/queue-webhook-delivery.ts";
import { subscribedWebhooks } from "../webhooks/subscribed-webhooks.ts";

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
  const subscribed = await subscribedWebhooks(tx, batch.workspaceId, arrayContains(webhooks.events, ["batch.finished"]));
  await queueDeliveries(tx, null, subscribed, { trigger: "batch_finished", detail: batch.id });
}
