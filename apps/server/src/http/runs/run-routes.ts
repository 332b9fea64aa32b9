import { idParam, runOperations, type ApiResult } from "@errand/contract";
import {
  cancelRun,
  createRunForTask,
  createTaskWithRun,
  getRun,
  listRecentRuns,
  listTaskRuns,
  makeRunPublic,
  setRunLimits,
} from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import type { RunEventListener } from "@errand/services/events";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { streamAccountEvents } from "../../live/account-events-stream.ts";
import { streamRunEvents } from "../../live/run-events-stream.ts";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";
import { createdRunBody, createOnce } from "./create-once.ts";

const createRun = createRoute(runOperations.createRun);
const createTaskRun = createRoute(runOperations.createTaskRun);
const events = createRoute(runOperations.streamRunEvents);
const accountEvents = createRoute(runOperations.streamAccountEvents);

export function registerRunRoutes(api: OpenAPIHono<AppEnv>, deps: { ctx: ServiceContext; events: RunEventListener }) {
  const { ctx } = deps;
  api.openapi(createRun, async (c) => {
    const caller = c.get("caller");
    const settings = c.req.valid("json");
    const idempotency = { key: c.req.valid("header")["idempotency-key"], request: { path: "/runs", settings } };
    const result = await createOnce(ctx, caller, idempotency, async () => {
      const { run } = await createTaskWithRun({ ctx, caller, input: { settings } });
      return createdRunBody(run);
    });
    if (result.replayed) c.header("idempotent-replayed", "true");
    return c.json(result.body as ApiResult<"createRun">, 201);
  });
  api.openapi(createTaskRun, async (c) => {
    const caller = c.get("caller");
    const taskId = c.req.valid("param").id;
    const settings = c.req.valid("json");
    const idempotency = { key: c.req.valid("header")["idempotency-key"], request: { path: `/tasks/${taskId}/runs`, settings } };
    const result = await createOnce(ctx, caller, idempotency, async () =>
      createdRunBody(await createRunForTask({ ctx, caller, input: { taskId, settings } })),
    );
    if (result.replayed) c.header("idempotent-replayed", "true");
    return c.json(result.body as ApiResult<"createRun">, 201);
  });
  const serve = verbServer(api, ctx);
  serve(runOperations.listRecentRuns, ({ query }) => ({ limit: query.limit, failureKinds: query.failure_kind }), listRecentRuns);
  serve(runOperations.makeRunPublic, ({ param }) => ({ runId: param.id }), makeRunPublic);
  serve(
    runOperations.getRun,
    ({ param }) => ({ runId: param.id, withSteps: false }),
    async (args) => (await getRun(args)).run,
  );
  serve(
    runOperations.listRunSteps,
    ({ param }) => ({ runId: param.id }),
    async (args) => ({ steps: (await getRun(args)).steps }),
  );
  serve(
    runOperations.listTaskRuns,
    ({ param, query }) => ({ taskId: param.id, failureKinds: query.failure_kind }),
    async (args) => ({ runs: await listTaskRuns(args) }),
  );
  serve(runOperations.cancelRun, ({ param }) => ({ runId: param.id }), cancelRun);
  serve(runOperations.setRunLimits, ({ param, json }) => ({ runId: param.id, limits: json }), setRunLimits);
  // Streams are not JSON: registered as plain routes (still described in the OpenAPI document).
  api.openAPIRegistry.registerPath(accountEvents);
  api.get("/events", (c) => streamAccountEvents(c, deps, c.get("caller")));
  api.openAPIRegistry.registerPath(events);
  api.get("/runs/:id/events", async (c) => {
    const id = idParam.safeParse({ id: c.req.param("id") });
    if (!id.success) return c.json({ error: { code: "not_found", message: "Run not found" } }, 404);
    return streamRunEvents(c, deps, c.get("caller"), id.data.id);
  });
}
