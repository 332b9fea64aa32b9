import { webhookDeliveries, webhooks, type Db } from "@errand/db";
import { and, arrayContains, eq, sql } from "drizzle-orm";
import { webhookEndpoint } from "./webhook-endpoint.ts";

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
  const subscribed = await tx
    .select({ id: webhooks.id, url: webhooks.url })
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, run.workspaceId), arrayContains(webhooks.events, ["run.needs_person"])))
    .for("key share");
  const targets = [...(run.webhookUrl ? [{ id: null, url: run.webhookUrl }] : []), ...subscribed];
  if (!targets.length) return [];
  return tx
    .insert(webhookDeliveries)
    .values(
      targets.map((target) => ({
        runId: run.id,
        webhookId: target.id,
        url: target.url,
        endpoint: webhookEndpoint(target.url),
        trigger: "needs_person" as const,
        detail: reason,
        nextAttemptAt: sql`now()`,
      })),
    )
    .returning({ id: webhookDeliveries.id });
}
