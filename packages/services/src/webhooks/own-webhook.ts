import { webhooks } from "@errand/db";
import { ownership } from "../ownership.ts";

/**
 * The caller's account webhook, or "Webhook not found" (src/ownership.ts): `ownWebhook(db, caller, id,
 * columns?)` reads it, `callersWebhook(caller, id)` is the where clause of a write, which throws
 * `webhookNotFound()` when it touched no row.
 */
export const {
  own: ownWebhook,
  where: callersWebhook,
  notFound: webhookNotFound,
} = ownership(webhooks, webhooks.id, webhooks.workspaceId, "Webhook");
