import { runMessageOperations } from "@errand/contract";
import type { ServiceContext } from "@errand/services";
import { listRunMessages, sendRunMessage } from "@errand/services/run-messages";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

/** Messages to a running agent (docs/adr/0049-messages-and-allowed-domains.md). */
export function registerRunMessageRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(runMessageOperations.sendRunMessage, ({ param, json }) => ({ runId: param.id, message: json }), sendRunMessage);
  serve(runMessageOperations.listRunMessages, ({ param }) => ({ runId: param.id }), listRunMessages);
}
