import { WEBHOOK_DELIVERY_ID_HEADER, WEBHOOK_RUN_ID_HEADER } from "@errand/contract";
import type { VerbArgs } from "../context.ts";
import { loadApiRun } from "../runs/to-api.ts";
import { webhookSecretOf } from "./get-webhook-secret.ts";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "./webhook-signature.ts";

/**
 * The request of one attempt of a delivery: the run as stored now, signed now (the signature's
 * timestamp is the attempt's). The delivery id is in a header and in the body, the same on every
 * attempt, so a receiver can drop a delivery it already handled. Null when the run is gone.
 */
export async function prepareWebhook({ ctx, input }: VerbArgs<{ runId: string; deliveryId: string; url: string }>) {
  const run = await loadApiRun(ctx.db, input.runId);
  if (!run) return null;
  const body = JSON.stringify({ event: "run.finished", delivery_id: input.deliveryId, run });
  const secret = await webhookSecretOf(ctx, run.user_id);
  return {
    url: input.url,
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "Errand-Webhooks/1.0",
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body),
      [WEBHOOK_DELIVERY_ID_HEADER]: input.deliveryId,
      [WEBHOOK_RUN_ID_HEADER]: run.id,
    },
  };
}
