import type { Webhook } from "@errand/contract";
import type { webhooks } from "@errand/db";

/** An account webhook as the API shows it: never its secret. */
export function webhookToApi(row: typeof webhooks.$inferSelect): Webhook {
  return { id: row.id, url: row.url, events: row.events, description: row.description, created_at: row.createdAt.toISOString() };
}
