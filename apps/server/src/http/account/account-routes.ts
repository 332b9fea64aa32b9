import { accountSchema, apiErrorSchema, apiKeySchema, webhookSecretSchema } from "@errand/contract";
import { getAccount, getWebhookSecret, revealApiKey, rotateApiKey, type ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const errors = {
  401: { description: "Missing or invalid credentials", content: { "application/json": { schema: apiErrorSchema } } },
};

const getAccountRoute = createRoute({
  method: "get",
  path: "/account",
  tags: ["Account"],
  summary: "The signed-in account with its balance",
  responses: { 200: { description: "The account", content: { "application/json": { schema: accountSchema } } }, ...errors },
});

const revealKeyRoute = createRoute({
  method: "get",
  path: "/account/api-key",
  tags: ["Account"],
  summary: "Reveal your API key",
  responses: { 200: { description: "The key", content: { "application/json": { schema: apiKeySchema } } }, ...errors },
});

const rotateKeyRoute = createRoute({
  method: "post",
  path: "/account/api-key/rotate",
  tags: ["Account"],
  summary: "Replace your API key; the old key stops working at once",
  responses: { 200: { description: "The new key", content: { "application/json": { schema: apiKeySchema } } }, ...errors },
});

const webhookSecretRoute = createRoute({
  method: "get",
  path: "/account/webhook-secret",
  tags: ["Account"],
  summary: "Your webhook signing secret: verify the errand-signature header of webhook deliveries with it",
  responses: { 200: { description: "The secret", content: { "application/json": { schema: webhookSecretSchema } } }, ...errors },
});

export function registerAccountRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(getAccountRoute, async (c) => c.json(await getAccount({ ctx, input: { userId: c.get("caller").userId } }), 200));
  api.openapi(revealKeyRoute, async (c) => {
    const { apiKey } = await revealApiKey({ ctx, input: { userId: c.get("caller").userId } });
    c.header("cache-control", "no-store");
    return c.json({ api_key: apiKey }, 200);
  });
  api.openapi(webhookSecretRoute, async (c) => {
    const secret = await getWebhookSecret({ ctx, input: { userId: c.get("caller").userId } });
    c.header("cache-control", "no-store");
    return c.json({ webhook_secret: secret }, 200);
  });
  api.openapi(rotateKeyRoute, async (c) => {
    const { apiKey } = await rotateApiKey({ ctx, input: { userId: c.get("caller").userId } });
    c.header("cache-control", "no-store");
    return c.json({ api_key: apiKey }, 200);
  });
}
