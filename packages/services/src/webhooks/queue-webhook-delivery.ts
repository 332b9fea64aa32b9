import type { WebhookTrigger } from "@errand/contract";
import { webhookDeliveries, type Db } from "@errand/db";
import { sql } from "drizzle-orm";
import { webhookEndpoint } from "./webhook-endpoint.ts";

/**
 * Writes a delivery into the outbox, due now. Called inside the caller's transaction (the one
 * that finishes the run): the webhook exists exactly when that commits. `webhookId` names the
 * account webhook it goes to (none: the run's own webhook URL); a test has no run.
 */
export async function queueWebhookDelivery(
  tx: Pick<Db, "insert">,
  input: { runId: string | null; webhookId?: string | null; url: string; trigger: WebhookTrigger },
) {
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({
      runId: input.runId,
      webhookId: input.webhookId ?? null,
      url: input.url,
      endpoint: webhookEndpoint(input.url),
      trigger: input.trigger,
      nextAttemptAt: sql`now()`,
    })
    .returning();
  return delivery!;
}
