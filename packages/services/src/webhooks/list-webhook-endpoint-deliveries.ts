import { webhookDeliveries } from "@errand/db";
import { desc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { deliveriesWithAttempts } from "./delivery-to-api.ts";
import { ownWebhook } from "./own-webhook.ts";

/** How many of a webhook's deliveries its log shows (the newest). */
export const WEBHOOK_DELIVERY_LOG_SIZE = 50;

/** One of the caller's webhooks' latest deliveries, newest first, each with every attempt. */
export async function listWebhookEndpointDeliveries({ ctx, caller, input }: CallerVerbArgs<{ webhookId: string }>) {
  requireScope(caller, "read");
  const webhook = await ownWebhook(ctx.db, caller, input.webhookId);
  const deliveries = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhook.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_LOG_SIZE);
  return { deliveries: await deliveriesWithAttempts(ctx.db, deliveries) };
}
