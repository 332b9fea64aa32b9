import type { FinalRunStatus } from "@errand/contract";
import { webhooks, type Db } from "@errand/db";
import { arrayOverlaps } from "drizzle-orm";
import { queueDeliveries } from "./queue-webhook-delivery.ts";
import { subscribedWebhooks } from "./subscribed-webhooks.ts";
import { eventsOfRunEnd } from "./webhook-events.ts";

/**
 * Queues one delivery to each of the run's workspace's webhooks that subscribed to an event this run's
 * end matches, in the transaction that finishes the run (exactly once, like the run's own
 * webhook).
 */
export async function queueAccountWebhooks(
  tx: Pick<Db, "select" | "insert">,
  run: { id: string; workspaceId: string; status: FinalRunStatus },
) {
  const subscribed = await subscribedWebhooks(tx, run.workspaceId, arrayOverlaps(webhooks.events, eventsOfRunEnd(run.status)));
  return queueDeliveries(tx, run.id, subscribed, { trigger: "run_finished" });
}
