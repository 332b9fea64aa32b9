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
import { commonErrors, idParam, jsonBody, jsonContent, operation } from "./describe.ts";

const tags = ["Webhooks"];
const SIGNED =
  "Each delivery is a POST of `{ event, delivery_id, webhook_id, run }` signed with this webhook's own secret in the `errand-signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<body>\">`), the same format as a run's `webhook_url` deliveries.";

export const webhookOperations = {
  createWebhook: operation("createWebhook", {
    tags,
    summary: "Subscribe a URL to the end of your runs",
    description: `${SIGNED} ${WEBHOOK_EVENT_RULES} ${WEBHOOK_DELIVERY_RULES} The answer holds the webhook's signing secret; it is never shown again. At most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks per account.`,
    request: { body: jsonBody(createWebhookSchema) },
    responses: {
      201: jsonContent(createdWebhookSchema, "The webhook, with its signing secret (shown only here)"),
      409: jsonContent(apiErrorSchema, `The account already has ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks`),
      ...commonErrors,
    },
  }),
  listWebhooks: operation("listWebhooks", {
    tags,
    summary: "Your webhooks, newest first (without their secrets)",
    responses: { 200: jsonContent(webhookListSchema, "The webhooks"), ...commonErrors },
  }),
  getWebhook: operation("getWebhook", {
    tags,
    summary: "A webhook (without its secret)",
    request: { params: idParam },
    responses: { 200: jsonContent(webhookSchema, "The webhook"), ...commonErrors },
  }),
  deleteWebhook: operation("deleteWebhook", {
    tags,
    summary: "Unsubscribe: delete a webhook",
    description:
      "Its deliveries still pending stop (none is sent after this answer, save one already in flight), and its delivery log goes with it.",
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...commonErrors },
  }),
  testWebhook: operation("testWebhook", {
    tags,
    summary: "Send a test delivery now and see how the endpoint answered",
    description: `Sends one POST of \`{ event: "${WEBHOOK_TEST_EVENT}", delivery_id, webhook_id, sent_at }\`, signed with the webhook's secret like its other deliveries, and answers once the attempt is recorded (the endpoint has 10 s to answer). A test delivery is tried once: it is not retried. It goes through the webhook worker like every delivery: when no worker takes it within 15 s, \`ok\` is false and \`error\` says so. It shows in the webhook's deliveries with trigger \`test\`.`,
    request: { params: idParam },
    responses: { 200: jsonContent(webhookTestResultSchema, "How the attempt went"), ...commonErrors },
  }),
  listWebhookEndpointDeliveries: operation("listWebhookEndpointDeliveries", {
    tags,
    summary: "A webhook's latest 50 deliveries and every attempt",
    description: `${WEBHOOK_DELIVERY_RULES} Each attempt shows when it was sent, the status code or error, and the response time; a pending delivery shows when its next attempt is planned.`,
    request: { params: idParam },
    responses: { 200: jsonContent(webhookDeliveriesSchema, "The deliveries, newest first"), ...commonErrors },
  }),
};
