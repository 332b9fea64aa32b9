import { publicOperations } from "@errand/contract";
import { getDemoRun } from "@errand/services/runs";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationResponse } from "../errors.ts";

export const demoRoute = createRoute(publicOperations.getDemoRun);

/** Public: mounted before the authentication middleware. */
export function demoRoutes(deps: { ctx: ServiceContext; storage: FileStorage }) {
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.openapi(demoRoute, async (c) =>
    c.json(await getDemoRun({ ctx: deps.ctx, input: { runId: c.req.valid("param").id, storage: deps.storage } }), 200),
  );
  return app;
}
