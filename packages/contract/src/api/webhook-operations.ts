import { apiErrorSchema } from "../errors.ts";
import {
  createdWebhookSchema,
  createWebhookSchema,
  MAX_WEBHOOKS_PER_ACCOUNT,
  WEBHOOK_EVENT_RULES,
  WEBHOOK_TEST_EVENT,
  webhookListSchema,
  webhookSchema,
  webhookTestResultSchema,
} from "../account-webhooks.ts";
import { WEBHOOK_DELIVERY_RULES, webhookDeliveriesSchema } from "../webhooks.ts";
import { byId, created, jsonBody, jsonContent, ok } from "./describe.ts";
import { resource } from "./resource.ts";

const SIGNED =
  "Each delivery is a POST of `{ event, delivery_id, webhook_id, run }` signed with this webhook's own secret in the `errand-signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<body>\">`), the same format as a run's `webhook_url` deliveries.";

const webhook = resource(["Webhooks"], webhookSchema);

export const webhookOperations = {
  createWebhook: webhook.op("createWebhook", {
    summary: "Subscribe a URL to the end of your runs",
    description: `${SIGNED} ${WEBHOOK_EVENT_RULES} ${WEBHOOK_DELIVERY_RULES} The answer holds the webhook's signing secret; it is never shown again. At most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks per account.`,
    request: { body: jsonBody(createWebhookSchema) },
    responses: created(createdWebhookSchema, "The webhook, with its signing secret (shown only here)", {
      409: jsonContent(apiErrorSchema, `The account already has ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks`),
    }),
  }),
  listWebhooks: webhook.list("listWebhooks", webhookListSchema, {
    summary: "Your webhooks, newest first (without their secrets)",
    answer: "The webhooks",
  }),
  getWebhook: webhook.get("getWebhook", { summary: "A webhook (without its secret)", answer: "The webhook" }),
  deleteWebhook: webhook.delete("deleteWebhook", {
    summary: "Unsubscribe: delete a webhook",
    description:
      "Its deliveries still pending stop (none is sent after this answer, save one already in flight), and its delivery log goes with it.",
  }),
  testWebhook: webhook.op("testWebhook", {
    summary: "Send a test delivery now and see how the endpoint answered",
    description: `Sends one POST of \`{ event: "${WEBHOOK_TEST_EVENT}", delivery_id, webhook_id, sent_at }\`, signed with the webhook's secret like its other deliveries, and answers once the attempt is recorded (the endpoint has 10 s to answer). A test delivery is tried once: it is not retried. It goes through the webhook worker like every delivery: when no worker takes it within 15 s, \`ok\` is false and \`error\` says so. It shows in the webhook's deliveries with trigger \`test\`.`,
    request: byId,
    responses: ok(webhookTestResultSchema, "How the attempt went"),
  }),
  listWebhookEndpointDeliveries: webhook.op("listWebhookEndpointDeliveries", {
    summary: "A webhook's latest 50 deliveries and every attempt",
    description: `${WEBHOOK_DELIVERY_RULES} Each attempt shows when it was sent, the status code or error, and the response time; a pending delivery shows when its next attempt is planned.`,
    request: byId,
    responses: ok(webhookDeliveriesSchema, "The deliveries, newest first"),
  }),
};
