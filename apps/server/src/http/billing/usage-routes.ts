import { accountOperations } from "@errand/contract";
import { getUsage } from "@errand/services/billing";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const readUsage = createRoute(accountOperations.getUsage);

export function registerUsageRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(readUsage, async (c) => c.json(await getUsage({ ctx, caller: c.get("caller"), input: { ...c.req.valid("query") } }), 200));
}
