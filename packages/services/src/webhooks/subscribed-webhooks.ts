import { webhooks, type Db } from "@errand/db";
import { and, eq, type SQL } from "drizzle-orm";

/**
 * The workspace's webhooks whose events match, as delivery targets. They are locked against
 * deletion until the caller's transaction commits, so a webhook deleted meanwhile takes its new
 * delivery with it instead of failing the transaction.
 */
export function subscribedWebhooks(tx: Pick<Db, "select">, workspaceId: string, events: SQL | undefined) {
  return tx
    .select({ id: webhooks.id, url: webhooks.url })
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), events))
    .for("key share");
}
