import { automationFacetsSchema, automationListQuerySchema, automationListSchema, automationSchema } from "@errand/contract";
import { getAutomation, getAutomationFacets, listAutomations, type ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { commonErrors, jsonContent } from "../openapi-helpers.ts";
import { validationResponse } from "../errors.ts";

const tags = ["Automations"];

export const listAutomationsRoute = createRoute({
  method: "get",
  path: "/automations",
  tags,
  summary: "The marketplace of ready-made automations, by title (no key needed)",
  request: { query: automationListQuerySchema },
  security: [],
  responses: { 200: jsonContent(automationListSchema, "Matching automations"), ...commonErrors },
});

export const automationFacetsRoute = createRoute({
  method: "get",
  path: "/automations/facets",
  tags,
  summary: "Category and application counts over the whole marketplace (no key needed)",
  security: [],
  responses: { 200: jsonContent(automationFacetsSchema, "Counts") },
});

export const getAutomationRoute = createRoute({
  method: "get",
  path: "/automations/{slug}",
  tags,
  summary: "One automation with its task settings; a -api, -make, -n8n or -zapier suffix is ignored (no key needed)",
  request: { params: z.object({ slug: z.string().min(1).max(200) }) },
  security: [],
  responses: { 200: jsonContent(automationSchema, "The automation"), ...commonErrors },
});

/** Public: mounted before the authentication middleware. */
export function automationRoutes(ctx: ServiceContext) {
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.openapi(listAutomationsRoute, async (c) => c.json(await listAutomations({ ctx, input: c.req.valid("query") }), 200));
  app.openapi(automationFacetsRoute, async (c) => c.json(await getAutomationFacets({ ctx, input: {} }), 200));
  app.openapi(getAutomationRoute, async (c) => c.json(await getAutomation({ ctx, input: { slug: c.req.valid("param").slug } }), 200));
  return app;
}

export const automationPaths = [listAutomationsRoute, automationFacetsRoute, getAutomationRoute];
