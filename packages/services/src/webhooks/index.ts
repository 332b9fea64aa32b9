// @errand/services/webhooks: account endpoints, the delivery outbox and signatures
// (docs/adr/0005-webhook-outbox.md, docs/adr/0008-account-webhooks.md).
export { signWebhook, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "./webhook-signature.ts";
export { getWebhookSecret } from "./get-webhook-secret.ts";
export { prepareWebhook } from "./prepare-webhook.ts";
export { queueWebhookDelivery } from "./queue-webhook-delivery.ts";
export { claimWebhookDeliveries, ABANDONED_ATTEMPT_ERROR, type ClaimedDelivery } from "./claim-webhook-deliveries.ts";
export { completeWebhookAttempt, type AttemptOutcome } from "./complete-webhook-attempt.ts";
export { listWebhookDeliveries } from "./list-webhook-deliveries.ts";
export { createWebhook } from "./create-webhook.ts";
export { listWebhooks } from "./list-webhooks.ts";
export { getWebhook } from "./get-webhook.ts";
export { deleteWebhook } from "./delete-webhook.ts";
export { testWebhook, TEST_DELIVERY_CLAIM_WAIT_MS } from "./test-webhook.ts";
export { listWebhookEndpointDeliveries, WEBHOOK_DELIVERY_LOG_SIZE } from "./list-webhook-endpoint-deliveries.ts";
export { webhookEventFor } from "./webhook-events.ts";
export { redeliverWebhook } from "./redeliver-webhook.ts";
export { retryDelaySeconds } from "./webhook-schedule.ts";
export { webhookEndpoint } from "./webhook-endpoint.ts";
