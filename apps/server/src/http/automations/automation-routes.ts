import { automationOperations } from "@errand/contract";
import { getAutomation, getAutomationFacets, listAutomations } from "@errand/services/automations";
import type { ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationResponse } from "../errors.ts";

export const listAutomationsRoute = createRoute(automationOperations.listAutomations);

export const automationFacetsRoute = createRoute(automationOperations.getAutomationFacets);

export const getAutomationRoute = createRoute(automationOperations.getAutomation);

/** Public: mounted before the authentication middleware. */
export function automationRoutes(ctx: ServiceContext) {
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.openapi(listAutomationsRoute, async (c) => c.json(await listAutomations({ ctx, input: c.req.valid("query") }), 200));
  app.openapi(automationFacetsRoute, async (c) => c.json(await getAutomationFacets({ ctx, input: {} }), 200));
  app.openapi(getAutomationRoute, async (c) => c.json(await getAutomation({ ctx, input: { slug: c.req.valid("param").slug } }), 200));
  return app;
}

export const automationPaths = [listAutomationsRoute, automationFacetsRoute, getAutomationRoute];
