import { demoRunSchema } from "@errand/contract";
import { getDemoRun, type FileStorage, type ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { commonErrors, idParam, jsonContent } from "../openapi-helpers.ts";
import { validationResponse } from "../errors.ts";

export const demoRoute = createRoute({
  method: "get",
  path: "/demo/{id}",
  tags: ["Demos"],
  summary: "A public run with its steps, for the demo replay (no key needed)",
  request: { params: idParam },
  security: [],
  responses: { 200: jsonContent(demoRunSchema, "The public run"), ...commonErrors },
});

/** Public: mounted before the authentication middleware. */
export function demoRoutes(deps: { ctx: ServiceContext; storage: FileStorage }) {
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.openapi(demoRoute, async (c) => c.json(await getDemoRun({ ctx: deps.ctx, input: { runId: c.req.valid("param").id, storage: deps.storage } }), 200));
  return app;
}
