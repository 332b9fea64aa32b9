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
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

/** The account's webhooks (REST hooks for no-code tools' instant triggers). */
export function registerWebhookEndpointRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(webhookOperations.createWebhook, ({ json }) => json, createWebhook);
  serve(webhookOperations.listWebhooks, () => ({}), listWebhooks);
  serve(webhookOperations.getWebhook, ({ param }) => ({ webhookId: param.id }), getWebhook);
  serve(webhookOperations.deleteWebhook, ({ param }) => ({ webhookId: param.id }), deleteWebhook);
  serve(webhookOperations.testWebhook, ({ param }) => ({ webhookId: param.id }), testWebhook);
  serve(webhookOperations.listWebhookEndpointDeliveries, ({ param }) => ({ webhookId: param.id }), listWebhookEndpointDeliveries);
}
