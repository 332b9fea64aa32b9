import type { WebhookTrigger } from "@errand/contract";
import { webhookDeliveries, type Db } from "@errand/db";
import { sql } from "drizzle-orm";
import { webhookEndpoint } from "./webhook-endpoint.ts";

/** Where a delivery goes: an account webhook, or (`id: null`) the run's own webhook URL. */
export interface DeliveryTarget {
  id: string | null;
  url: string;
}

/** What a delivery tells: the trigger, and for some the words it keeps (`detail`). */
interface DeliveryKind {
  trigger: WebhookTrigger;
  detail?: string;
}

/** A delivery's row, due now; a test has no run. */
const dueDelivery = (runId: string | null, target: DeliveryTarget, kind: DeliveryKind) => ({
  runId,
  webhookId: target.id,
  url: target.url,
  endpoint: webhookEndpoint(target.url),
  ...kind,
  nextAttemptAt: sql`now()`,
});

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
    .values(dueDelivery(input.runId, { id: input.webhookId ?? null, url: input.url }, { trigger: input.trigger }))
    .returning();
  return delivery!;
}

/**
 * Writes one delivery to each target into the outbox, due now, in the caller's transaction: their
 * ids. `runId` is the run it tells of; none for a batch's end or a budget alert without one.
 */
export async function queueDeliveries(tx: Pick<Db, "insert">, runId: string | null, targets: DeliveryTarget[], kind: DeliveryKind) {
  if (!targets.length) return [];
  return tx
    .insert(webhookDeliveries)
    .values(targets.map((target) => dueDelivery(runId, target, kind)))
    .returning({ id: webhookDeliveries.id });
}
