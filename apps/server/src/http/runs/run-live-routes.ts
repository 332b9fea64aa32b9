import { apiErrorSchema, runControlRequestSchema, runControlSchema, runLiveSchema } from "@errand/contract";
import { openRunLive, setRunController, type ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, idParam, jsonContent } from "../openapi-helpers.ts";

const notLive = {
  409: jsonContent(apiErrorSchema, "The run is not executing in this server's process (not started, ended, or on another worker)"),
  503: jsonContent(apiErrorSchema, "This server has no browser"),
};

const live = createRoute({
  method: "post",
  path: "/runs/{id}/live",
  tags: ["Runs"],
  summary: "Watch a running run's browser live",
  description: "Returns `debug_url`, the live viewer of the run's browser with a short-lived token. It only watches until you take control.",
  request: { params: idParam },
  responses: { 200: jsonContent(runLiveSchema, "The viewer link"), ...notLive, ...commonErrors },
});
const control = createRoute({
  method: "post",
  path: "/runs/{id}/control",
  tags: ["Runs"],
  summary: "Take control of a running run's browser, or hand it back",
  description:
    "`take`: the agent pauses after its current step and the live viewer becomes interactive (for a captcha or a one-time code). `release`: the agent resumes with a fresh look at the page. Time in your control is not counted in the session timeout nor charged.",
  request: { params: idParam, body: { content: { "application/json": { schema: runControlRequestSchema } }, required: true } },
  responses: { 200: jsonContent(runControlSchema, "Who has control now"), ...notLive, ...commonErrors },
});

export function registerRunLiveRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(live, async (c) => c.json(await openRunLive({ ctx, input: { userId: c.get("caller").userId, runId: c.req.valid("param").id } }), 200));
  api.openapi(control, async (c) =>
    c.json(
      await setRunController({ ctx, input: { userId: c.get("caller").userId, runId: c.req.valid("param").id, action: c.req.valid("json").action } }),
      200,
    ),
  );
}
