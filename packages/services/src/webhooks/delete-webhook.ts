import { webhooks } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";

/**
 * Unsubscribes: deletes the webhook, and with it its deliveries (pending ones stop). An attempt
 * already in flight ends quietly: its answer has no delivery left to record.
 */
export async function deleteWebhook({ ctx, caller, input }: CallerVerbArgs<{ webhookId: string }>): Promise<void> {
  requireScope(caller, "write");
  const deleted = await ctx.db
    .delete(webhooks)
    .where(and(eq(webhooks.id, input.webhookId), eq(webhooks.userId, caller.userId)))
    .returning({ id: webhooks.id });
  if (!deleted.length) throw notFound("Webhook");
  ctx.log.info("webhook deleted", { userId: caller.userId, webhookId: input.webhookId });
}
