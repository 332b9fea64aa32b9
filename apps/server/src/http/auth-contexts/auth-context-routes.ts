import { authContextSchema } from "@errand/contract";
import { listAuthContexts, type ServiceContext } from "@errand/services";
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, jsonContent } from "../openapi-helpers.ts";

const list = createRoute({
  method: "get",
  path: "/auth-contexts",
  tags: ["Auth contexts"],
  summary: "Your saved logins, by name (their saved state is never returned)",
  responses: { 200: jsonContent(z.object({ auth_contexts: z.array(authContextSchema) }), "The saved logins"), ...commonErrors },
});

export function registerAuthContextRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(list, async (c) => c.json({ auth_contexts: await listAuthContexts({ ctx, input: { userId: c.get("caller").userId } }) }, 200));
}
