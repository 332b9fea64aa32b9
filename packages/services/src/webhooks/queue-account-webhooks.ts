import type { FinalRunStatus } from "@errand/contract";
import { webhookDeliveries, webhooks, type Db } from "@errand/db";
import { and, arrayOverlaps, eq, sql } from "drizzle-orm";
import { webhookEndpoint } from "./webhook-endpoint.ts";
import { eventsOfRunEnd } from "./webhook-events.ts";

/**
 * Queues one delivery to each of the run's workspace's webhooks that subscribed to an event this run's
 * end matches, in the transaction that finishes the run (exactly once, like the run's own
 * webhook). The webhooks are locked against deletion until that commits, so a webhook deleted
 * meanwhile takes its new delivery with it instead of failing the finish.
 */
export async function queueAccountWebhooks(
  tx: Pick<Db, "select" | "insert">,
  run: { id: string; workspaceId: string; status: FinalRunStatus },
) {
  const subscribed = await tx
    .select({ id: webhooks.id, url: webhooks.url })
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, run.workspaceId), arrayOverlaps(webhooks.events, eventsOfRunEnd(run.status))))
    .for("key share");
  if (!subscribed.length) return [];
  return tx
    .insert(webhookDeliveries)
    .values(
      subscribed.map((webhook) => ({
        runId: run.id,
        webhookId: webhook.id,
        url: webhook.url,
        endpoint: webhookEndpoint(webhook.url),
        trigger: "run_finished" as const,
        nextAttemptAt: sql`now()`,
      })),
    )
    .returning({ id: webhookDeliveries.id });
}
