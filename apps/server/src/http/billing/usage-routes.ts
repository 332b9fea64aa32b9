import { accountOperations } from "@errand/contract";
import { getUsage } from "@errand/services/billing";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

export function registerUsageRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  verbServer(api, ctx)(accountOperations.getUsage, ({ query }) => ({ ...query }), getUsage);
}
