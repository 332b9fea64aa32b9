import { webhooks, type Db } from "@errand/db";
import { arrayContains } from "drizzle-orm";
import { queueDeliveries } from "./queue-webhook-delivery.ts";
import { subscribedWebhooks } from "./subscribed-webhooks.ts";

/** A running run, as the deliveries of a moment it waits on need it. */
type WaitingRun = { id: string; workspaceId: string; webhookUrl: string | null };

/**
 * Queues "a person is needed" deliveries, in the transaction that marks the run: one to the run's
 * own webhook URL and one to each webhook of the run's workspace subscribed to run.needs_person. They come on
 * top of the one delivery of the run's end, and keep the reason as it was asked (`detail`).
 */
export function queueNeedsPersonWebhooks(tx: Pick<Db, "select" | "insert">, run: WaitingRun, reason: string) {
  return queueWaitingRunWebhooks(tx, run, "needs_person", reason);
}

/**
 * Queues the deliveries of a moment a running run waits on (a person, an approval) to the run's
 * own webhook URL and to each webhook of its workspace subscribed to `run.<trigger>`, keeping `detail`.
 */
export async function queueWaitingRunWebhooks(
  tx: Pick<Db, "select" | "insert">,
  run: WaitingRun,
  trigger: "needs_person" | "needs_approval",
  detail: string,
) {
  const subscribed = await subscribedWebhooks(tx, run.workspaceId, arrayContains(webhooks.events, [`run.${trigger}` as const]));
  const targets = [...(run.webhookUrl ? [{ id: null, url: run.webhookUrl }] : []), ...subscribed];
  return queueDeliveries(tx, run.id, targets, { trigger, detail });
}
