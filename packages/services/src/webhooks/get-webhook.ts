import { webhooks, type Db } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { webhookToApi } from "./webhook-to-api.ts";

/** One of the caller's webhooks, without its secret. Another account's is "not found". */
export async function getWebhook({ ctx, caller, input }: CallerVerbArgs<{ webhookId: string }>) {
  requireScope(caller, "read");
  return webhookToApi(await ownWebhook(ctx.db, caller.userId, input.webhookId));
}

/** The webhook row if it is this user's; else "not found". */
export async function ownWebhook(db: Db, userId: string, webhookId: string) {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.userId, userId)));
  if (!row) throw notFound("Webhook");
  return row;
}
