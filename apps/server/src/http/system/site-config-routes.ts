import { resetTokenStatusSchema, siteConfigSchema, type SiteConfig } from "@errand/contract";
import { getResetTokenStatus, type ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { jsonContent } from "../openapi-helpers.ts";
import { validationResponse } from "../errors.ts";

export const siteConfigRoute = createRoute({
  method: "get",
  path: "/site-config",
  tags: ["Account"],
  summary: "What this installation offers: billing on or off, configured sign-in providers (no key needed)",
  security: [],
  responses: { 200: jsonContent(siteConfigSchema, "Settings") },
});

export const resetTokenRoute = createRoute({
  method: "get",
  path: "/password-reset/{token}",
  tags: ["Account"],
  summary: "Whether an e-mailed password-reset link can still be used (no key needed)",
  security: [],
  request: { params: z.object({ token: z.string().min(1).max(200) }) },
  responses: { 200: jsonContent(resetTokenStatusSchema, "Status") },
});

/** Public: mounted before the authentication middleware. */
export function siteConfigRoutes(ctx: ServiceContext, providers: SiteConfig["providers"]) {
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.openapi(siteConfigRoute, (c) => c.json({ billing: ctx.config.billingEnabled, payments: ctx.config.billingEnabled && Boolean(ctx.stripe), providers }, 200));
  app.openapi(resetTokenRoute, async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await getResetTokenStatus({ ctx, input: { token: c.req.valid("param").token } }), 200);
  });
  return app;
}
