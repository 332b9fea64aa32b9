import { webhookOperations } from "@errand/contract";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookEndpointDeliveries,
  listWebhooks,
  testWebhook,
} from "@errand/services/webhooks";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const create = createRoute(webhookOperations.createWebhook);
const list = createRoute(webhookOperations.listWebhooks);
const read = createRoute(webhookOperations.getWebhook);
const remove = createRoute(webhookOperations.deleteWebhook);
const test = createRoute(webhookOperations.testWebhook);
const deliveries = createRoute(webhookOperations.listWebhookEndpointDeliveries);

/** The account's webhooks (REST hooks for no-code tools' instant triggers). */
export function registerWebhookEndpointRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(create, async (c) => c.json(await createWebhook({ ctx, caller: c.get("caller"), input: c.req.valid("json") }), 201));
  api.openapi(list, async (c) => c.json(await listWebhooks({ ctx, caller: c.get("caller"), input: {} }), 200));
  api.openapi(read, async (c) =>
    c.json(await getWebhook({ ctx, caller: c.get("caller"), input: { webhookId: c.req.valid("param").id } }), 200),
  );
  api.openapi(remove, async (c) => {
    await deleteWebhook({ ctx, caller: c.get("caller"), input: { webhookId: c.req.valid("param").id } });
    return c.body(null, 204);
  });
  api.openapi(test, async (c) =>
    c.json(await testWebhook({ ctx, caller: c.get("caller"), input: { webhookId: c.req.valid("param").id } }), 200),
  );
  api.openapi(deliveries, async (c) =>
    c.json(await listWebhookEndpointDeliveries({ ctx, caller: c.get("caller"), input: { webhookId: c.req.valid("param").id } }), 200),
  );
}
