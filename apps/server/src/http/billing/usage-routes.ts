import { usageQuerySchema, usageSchema } from "@errand/contract";
import { getUsage, type ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, jsonContent } from "../openapi-helpers.ts";

const readUsage = createRoute({
  method: "get",
  path: "/usage",
  tags: ["Billing"],
  summary: "What your runs were charged: per day (newest first) and in total, over the last `days` days",
  request: { query: usageQuerySchema },
  responses: { 200: jsonContent(usageSchema, "Usage"), ...commonErrors },
});

export function registerUsageRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(readUsage, async (c) => c.json(await getUsage({ ctx, input: { userId: c.get("caller").userId, ...c.req.valid("query") } }), 200));
}
