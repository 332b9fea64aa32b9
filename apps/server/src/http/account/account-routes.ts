import { accountOperations } from "@errand/contract";
import { getAccount, revealApiKey, rotateApiKey } from "@errand/services/accounts";
import { getWebhookSecret } from "@errand/services/webhooks";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const getAccountRoute = createRoute(accountOperations.getAccount);

const revealKeyRoute = createRoute(accountOperations.revealApiKey);

const rotateKeyRoute = createRoute(accountOperations.rotateApiKey);

const webhookSecretRoute = createRoute(accountOperations.getWebhookSecret);

export function registerAccountRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(getAccountRoute, async (c) => c.json(await getAccount({ ctx, caller: c.get("caller"), input: {} }), 200));
  api.openapi(revealKeyRoute, async (c) => {
    const { apiKey } = await revealApiKey({ ctx, caller: c.get("caller"), input: {} });
    c.header("cache-control", "no-store");
    return c.json({ api_key: apiKey }, 200);
  });
  api.openapi(webhookSecretRoute, async (c) => {
    const secret = await getWebhookSecret({ ctx, caller: c.get("caller"), input: {} });
    c.header("cache-control", "no-store");
    return c.json({ webhook_secret: secret }, 200);
  });
  api.openapi(rotateKeyRoute, async (c) => {
    const { apiKey } = await rotateApiKey({ ctx, caller: c.get("caller"), input: {} });
    c.header("cache-control", "no-store");
    return c.json({ api_key: apiKey }, 200);
  });
}
