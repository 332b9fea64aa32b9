import type { WebhookTrigger } from "@errand/contract";
import { webhookDeliveries, type Db } from "@errand/db";
import { sql } from "drizzle-orm";
import { webhookEndpoint } from "./webhook-endpoint.ts";

/**
 * Writes a delivery into the outbox, due now. Called inside the caller's transaction (the one
 * that finishes the run): the webhook exists exactly when that commits.
 */
export async function queueWebhookDelivery(tx: Pick<Db, "insert">, input: { runId: string; url: string; trigger: WebhookTrigger }) {
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({ runId: input.runId, url: input.url, endpoint: webhookEndpoint(input.url), trigger: input.trigger, nextAttemptAt: sql`now()` })
    .returning();
  return delivery!;
}
