import { WEBHOOK_DELIVERY_ID_HEADER, WEBHOOK_RUN_ID_HEADER, WEBHOOK_TEST_EVENT, type WebhookTrigger } from "@errand/contract";
import { webhookDeliveries, webhooks } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { openSecret } from "../secrets/seal-secret.ts";
import { loadApiRun } from "../runs/to-api.ts";
import type { BudgetAlert } from "../billing/budget-alerts.ts";
import { loadApiBatch } from "../batches/batch-to-api.ts";
import { webhookSecretOf } from "./get-webhook-secret.ts";
import { webhookEventFor } from "./webhook-events.ts";
import { approvalPayload } from "./approval-webhook-payload.ts";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "./webhook-signature.ts";

export interface PrepareWebhookInput {
  runId: string | null;
  deliveryId: string;
  url: string;
  /** The account webhook it goes to (signed with its secret); absent for the run's own webhook URL (the account's secret). */
  webhookId?: string | null;
  trigger?: WebhookTrigger;
}

/**
 * The request of one attempt of a delivery: the run as stored now, signed now (the signature's
 * timestamp is the attempt's). The delivery id is in a header and in the body, the same on every
 * attempt, so a receiver can drop a delivery it already handled. A delivery to an account webhook
 * carries the event that webhook gets and is signed with that webhook's own secret; a test
 * carries no run. Null when the run or the webhook is gone.
 */
export async function prepareWebhook({ ctx, input }: VerbArgs<PrepareWebhookInput>) {
  const headers = (secret: string, body: string, runId: string | null) => ({
    "content-type": "application/json",
    "user-agent": "Errand-Webhooks/1.0",
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body),
    [WEBHOOK_DELIVERY_ID_HEADER]: input.deliveryId,
    ...(runId ? { [WEBHOOK_RUN_ID_HEADER]: runId } : {}),
  });
  const webhook = input.webhookId
    ? (
        await ctx.db
          .select({ id: webhooks.id, events: webhooks.events, sealed: webhooks.secretCiphertext })
          .from(webhooks)
          .where(eq(webhooks.id, input.webhookId))
      )[0]
    : undefined;
  if (input.webhookId && !webhook) return null;
  if (input.trigger === "test") {
    if (!webhook) return null;
    const body = JSON.stringify({
      event: WEBHOOK_TEST_EVENT,
      delivery_id: input.deliveryId,
      webhook_id: webhook.id,
      sent_at: new Date().toISOString(),
    });
    return { url: input.url, body, headers: headers(openSecret(ctx, webhook.sealed), body, null) };
  }
  if (input.trigger === "budget_threshold") return webhook ? detailRequest(ctx, input, webhook, headers, budgetPayload) : null;
  if (input.trigger === "batch_finished") return webhook ? detailRequest(ctx, input, webhook, headers, batchPayload) : null;
  const run = input.runId ? await loadApiRun(ctx.db, input.runId) : null;
  if (!run) return null;
  // A run's own webhook_url is signed with its maker's secret: once their account is deleted
  // there is nothing the receiver could check it with (docs/adr/0040-team-workspaces-outlive-their-members.md).
  if (!webhook && run.user_id === null) return null;
  if (input.trigger === "needs_approval") {
    const payload = await approvalPayload(ctx, input.deliveryId, run);
    const body = JSON.stringify(webhook ? { ...payload, webhook_id: webhook.id, run } : { ...payload, run });
    const secret = webhook ? openSecret(ctx, webhook.sealed) : await webhookSecretOf(ctx, run.user_id!);
    return { url: input.url, body, headers: headers(secret, body, run.id) };
  }
  if (input.trigger === "needs_person") {
    // The reason as it was when the run asked (the run may have moved on since); the page where a person takes control.
    const [delivery] = await ctx.db
      .select({ detail: webhookDeliveries.detail })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, input.deliveryId));
    const attention = {
      event: "run.needs_person",
      delivery_id: input.deliveryId,
      reason: delivery?.detail ?? null,
      run_url: runPageUrl(ctx, run),
    };
    const body = JSON.stringify(webhook ? { ...attention, webhook_id: webhook.id, run } : { ...attention, run });
    const secret = webhook ? openSecret(ctx, webhook.sealed) : await webhookSecretOf(ctx, run.user_id!);
    return { url: input.url, body, headers: headers(secret, body, run.id) };
  }
  if (!webhook) {
    const body = JSON.stringify({ event: "run.finished", delivery_id: input.deliveryId, run });
    return { url: input.url, body, headers: headers(await webhookSecretOf(ctx, run.user_id!), body, run.id) };
  }
  // The run has ended (its delivery was queued when it did); the finish's own event is the fallback.
  const event = (run.status === "pending" ? null : webhookEventFor(run.status, webhook.events)) ?? "run.finished";
  const body = JSON.stringify({ event, delivery_id: input.deliveryId, webhook_id: webhook.id, run });
  return { url: input.url, body, headers: headers(openSecret(ctx, webhook.sealed), body, run.id) };
}

/** The run's page in the web app (its live view has "Take control"). */
export const runPageUrl = (ctx: { config: { baseUrl: string } }, run: { id: string; task_id: string }) =>
  `${ctx.config.baseUrl.replace(/\/+$/, "")}/tasks/${run.task_id}/task-runs/${run.id}`;

type Ctx = VerbArgs<unknown>["ctx"];
/** An event's own fields, from what its delivery row recorded (`detail`); null when there is nothing left to send. */
type DetailPayload = (ctx: Ctx, detail: string) => Promise<{ event: string; [field: string]: unknown } | null>;

/** A batch.finished delivery (docs/adr/0041-batches.md): the batch as it is now; null when it is gone. */
const batchPayload: DetailPayload = async (ctx, batchId) => {
  const batch = await loadApiBatch(ctx.db, batchId);
  return batch && { event: "batch.finished", batch };
};

/** A budget.threshold delivery (docs/adr/0037-spending-limits.md): the alert as recorded when the threshold was crossed. */
const budgetPayload: DetailPayload = async (_ctx, detail) => {
  const alert = JSON.parse(detail) as BudgetAlert;
  return {
    event: "budget.threshold",
    workspace_id: alert.workspaceId,
    month: alert.month,
    threshold: alert.threshold,
    monthly_usd: alert.monthlyUsd,
    spent_usd: alert.spentUsd,
    run_id: alert.runId,
  };
};

/** A delivery of an event that is not a run's: its fields from the delivery's detail, signed like any delivery. */
async function detailRequest(
  ctx: Ctx,
  input: PrepareWebhookInput,
  webhook: { id: string; sealed: string },
  headers: (secret: string, body: string, runId: string | null) => Record<string, string>,
  payload: DetailPayload,
) {
  const [delivery] = await ctx.db
    .select({ detail: webhookDeliveries.detail })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, input.deliveryId));
  const fields = delivery?.detail ? await payload(ctx, delivery.detail) : null;
  if (!fields) return null;
  const { event, ...rest } = fields;
  const body = JSON.stringify({ event, delivery_id: input.deliveryId, webhook_id: webhook.id, ...rest });
  return { url: input.url, body, headers: headers(openSecret(ctx, webhook.sealed), body, null) };
}
