import { apiErrorSchema, WEBHOOK_DELIVERY_RULES, webhookDeliveriesSchema, webhookDeliverySchema } from "@errand/contract";
import { listWebhookDeliveries, redeliverWebhook, type ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, idParam, jsonContent } from "../openapi-helpers.ts";

/** How a receiver should treat deliveries: said on both routes. */
const AT_LEAST_ONCE = `A run with a \`webhook_url\` gets a signed POST (\`errand-signature\`) when it ends. ${WEBHOOK_DELIVERY_RULES}`;

const listDeliveries = createRoute({
  method: "get",
  path: "/runs/{id}/webhook-deliveries",
  tags: ["Runs"],
  summary: "A run's webhook deliveries and every attempt",
  description: `${AT_LEAST_ONCE} Each attempt shows when it was sent, the status code or error, and the response time; a pending delivery shows when its next attempt is planned.`,
  request: { params: idParam },
  responses: { 200: jsonContent(webhookDeliveriesSchema, "The deliveries, newest first"), ...commonErrors },
});

const redeliver = createRoute({
  method: "post",
  path: "/runs/{id}/webhook-deliveries/redeliver",
  tags: ["Runs"],
  summary: "Send a finished run's webhook again",
  description: `${AT_LEAST_ONCE} A redelivery is a new delivery with a new id (a receiver that deduplicates does not drop it), its own attempts and its own retries; a delivery of the run still pending stops and is marked \`replaced\`.`,
  request: { params: idParam },
  responses: {
    201: jsonContent(webhookDeliverySchema, "The new delivery, due now"),
    409: jsonContent(apiErrorSchema, "The run has no webhook URL, or has not finished"),
    ...commonErrors,
  },
});

export function registerWebhookRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(listDeliveries, async (c) =>
    c.json(await listWebhookDeliveries({ ctx, input: { userId: c.get("caller").userId, runId: c.req.valid("param").id } }), 200),
  );
  api.openapi(redeliver, async (c) =>
    c.json(await redeliverWebhook({ ctx, input: { userId: c.get("caller").userId, runId: c.req.valid("param").id } }), 201),
  );
}
