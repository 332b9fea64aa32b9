import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownWebhook } from "./own-webhook.ts";
import { webhookToApi } from "./webhook-to-api.ts";

/** One of the caller's webhooks, without its secret. Another account's is "not found". */
export async function getWebhook({ ctx, caller, input }: CallerVerbArgs<{ webhookId: string }>) {
  requireScope(caller, "read");
  return webhookToApi(await ownWebhook(ctx.db, caller, input.webhookId));
}
