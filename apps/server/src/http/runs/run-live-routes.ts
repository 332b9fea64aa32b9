import { runOperations } from "@errand/contract";
import { openRunLive, setRunController } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const live = createRoute(runOperations.openRunLive);
const control = createRoute(runOperations.setRunController);

export function registerRunLiveRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(live, async (c) =>
    c.json(await openRunLive({ ctx, caller: c.get("caller"), input: { runId: c.req.valid("param").id } }), 200),
  );
  api.openapi(control, async (c) =>
    c.json(
      await setRunController({
        ctx,
        caller: c.get("caller"),
        input: { runId: c.req.valid("param").id, action: c.req.valid("json").action },
      }),
      200,
    ),
  );
}
