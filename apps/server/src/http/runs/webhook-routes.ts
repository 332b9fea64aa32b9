import { runOperations } from "@errand/contract";
import { listWebhookDeliveries, redeliverWebhook } from "@errand/services/webhooks";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

export function registerWebhookRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(runOperations.listWebhookDeliveries, ({ param }) => ({ runId: param.id }), listWebhookDeliveries);
  serve(runOperations.redeliverWebhook, ({ param }) => ({ runId: param.id }), redeliverWebhook);
}
