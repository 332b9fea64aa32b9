import { accountOperations, type SiteConfig } from "@errand/contract";
import { getResetTokenStatus } from "@errand/services/accounts";
import type { ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationResponse } from "../errors.ts";

export const siteConfigRoute = createRoute(accountOperations.getSiteConfig);

export const resetTokenRoute = createRoute(accountOperations.getPasswordResetStatus);

/** Public: mounted before the authentication middleware. */
export function siteConfigRoutes(ctx: ServiceContext, providers: SiteConfig["providers"]) {
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.openapi(siteConfigRoute, (c) =>
    c.json({ billing: ctx.config.billingEnabled, payments: ctx.config.billingEnabled && Boolean(ctx.stripe), providers }, 200),
  );
  app.openapi(resetTokenRoute, async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await getResetTokenStatus({ ctx, input: { token: c.req.valid("param").token } }), 200);
  });
  return app;
}
