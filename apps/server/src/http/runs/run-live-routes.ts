import { runOperations } from "@errand/contract";
import { openRunLive, setRunController } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

export function registerRunLiveRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(runOperations.openRunLive, ({ param }) => ({ runId: param.id }), openRunLive);
  serve(runOperations.setRunController, ({ param, json }) => ({ runId: param.id, action: json.action }), setRunController);
}
