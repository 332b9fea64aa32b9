import { runOperations } from "@errand/contract";
import { listWebhookDeliveries, redeliverWebhook } from "@errand/services/webhooks";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const listDeliveries = createRoute(runOperations.listWebhookDeliveries);

const redeliver = createRoute(runOperations.redeliverWebhook);

export function registerWebhookRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(listDeliveries, async (c) =>
    c.json(await listWebhookDeliveries({ ctx, caller: c.get("caller"), input: { runId: c.req.valid("param").id } }), 200),
  );
  api.openapi(redeliver, async (c) =>
    c.json(await redeliverWebhook({ ctx, caller: c.get("caller"), input: { runId: c.req.valid("param").id } }), 201),
  );
}
