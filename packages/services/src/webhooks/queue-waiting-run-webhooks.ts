import { webhooks, type Db } from "@errand/db";
import { arrayContains } from "drizzle-orm";
import { queueDeliveries } from "./queue-webhook-delivery.ts";
import { subscribedWebhooks } from "./subscribed-webhooks.ts";

/**
 * Queues "a person is needed" deliveries, in the transaction that marks the run: one to the run's
 * own webhook URL and one to each webhook of the run's workspace subscribed to run.needs_person. They come on
 * top of the one delivery of the run's end, and keep the reason as it was asked (`detail`).
 */
export async function queueNeedsPersonWebhooks(
  tx: Pick<Db, "select" | "insert">,
  run: { id: string; workspaceId: string; webhookUrl: string | null },
  reason: string,
) {
  const subscribed = await subscribedWebhooks(tx, run.workspaceId, arrayContains(webhooks.events, ["run.needs_person"]));
  const targets = [...(run.webhookUrl ? [{ id: null, url: run.webhookUrl }] : []), ...subscribed];
  return queueDeliveries(tx, run.id, targets, { trigger: "needs_person", detail: reason });
}
