import { webhooks } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { callersWebhook, webhookNotFound } from "./own-webhook.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Unsubscribes: deletes the webhook, and with it its deliveries (pending ones stop). An attempt
 * already in flight ends quietly: its answer has no delivery left to record.
 */
export async function deleteWebhook({ ctx, caller, input }: CallerVerbArgs<{ webhookId: string }>): Promise<void> {
  requireRole(caller, "manage");
  const deleted = await ctx.db.delete(webhooks).where(callersWebhook(caller, input.webhookId)).returning({ id: webhooks.id });
  if (!deleted.length) throw webhookNotFound();
  ctx.log.info("webhook deleted", { userId: caller.userId, webhookId: input.webhookId });
}
