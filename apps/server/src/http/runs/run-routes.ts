import {
  apiErrorSchema,
  createRunResponseSchema,
  recentRunsSchema,
  runSchema,
  runSettingsSchema,
  stepSchema,
} from "@errand/contract";
import {
  cancelRun,
  createRunForTask,
  createTaskWithRun,
  getAccount,
  getRun,
  listRecentRuns,
  listTaskRuns,
  makeRunPublic,
  timeLimit,
  withIdempotency,
  type RunEventListener,
  type ServiceContext,
} from "@errand/services";
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { streamAccountEvents } from "../../live/account-events-stream.ts";
import { streamRunEvents } from "../../live/run-events-stream.ts";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, idParam, jsonContent } from "../openapi-helpers.ts";

const body = { content: { "application/json": { schema: runSettingsSchema } }, required: true };
const idempotencyHeader = z.object({
  "idempotency-key": z.string().optional().openapi({ description: "Send the same key when retrying: the run is created once and the first response is returned again (24 h)." }),
});

const createRun = createRoute({
  method: "post",
  path: "/runs",
  tags: ["Runs"],
  summary: "Create a task from a prompt and run it",
  request: { body, headers: idempotencyHeader },
  responses: {
    201: jsonContent(createRunResponseSchema, "The run was queued"),
    402: jsonContent(apiErrorSchema, "No credits or free prompts left"),
    429: jsonContent(apiErrorSchema, "Too many runs waiting or running for this account (PENDING_RUNS_PER_ACCOUNT), or too many requests"),
    ...commonErrors,
  },
});
const createTaskRun = createRoute({
  method: "post",
  path: "/tasks/{id}/runs",
  tags: ["Runs"],
  summary: "Run a saved task again",
  request: { params: idParam, body, headers: idempotencyHeader },
  responses: {
    201: jsonContent(createRunResponseSchema, "The run was queued"),
    402: jsonContent(apiErrorSchema, "No credits or free prompts left"),
    429: jsonContent(apiErrorSchema, "Too many runs waiting or running for this account (PENDING_RUNS_PER_ACCOUNT), or too many requests"),
    ...commonErrors,
  },
});
const readRun = createRoute({
  method: "get",
  path: "/runs/{id}",
  tags: ["Runs"],
  summary: "A run with its status and result",
  request: { params: idParam },
  responses: { 200: jsonContent(runSchema, "The run"), ...commonErrors },
});
const readSteps = createRoute({
  method: "get",
  path: "/runs/{id}/steps",
  tags: ["Runs"],
  summary: "A run's steps, oldest first",
  request: { params: idParam },
  responses: { 200: jsonContent(z.object({ steps: z.array(stepSchema) }), "The steps"), ...commonErrors },
});
const listRuns = createRoute({
  method: "get",
  path: "/tasks/{id}/runs",
  tags: ["Runs"],
  summary: "A task's runs, newest first",
  request: { params: idParam },
  responses: { 200: jsonContent(z.object({ runs: z.array(runSchema) }), "The runs"), ...commonErrors },
});
const cancel = createRoute({
  method: "post",
  path: "/runs/{id}/cancel",
  tags: ["Runs"],
  summary: "Stop a pending run",
  request: { params: idParam },
  responses: { 200: jsonContent(runSchema, "The cancelled run"), 409: jsonContent(apiErrorSchema, "The run had already ended"), ...commonErrors },
});
const events = createRoute({
  method: "get",
  path: "/runs/{id}/events",
  tags: ["Runs"],
  summary: "Live steps and status as Server-Sent Events (send Last-Event-ID to resume)",
  request: { params: idParam },
  responses: { 200: { description: "text/event-stream of `step` and `run` events" }, ...commonErrors },
});
const accountEvents = createRoute({
  method: "get",
  path: "/events",
  tags: ["Runs"],
  summary: "Live steps and status of all your runs as Server-Sent Events, one stream for every page of a browser",
  description:
    "`step` (a step; task_run_id names its run), `run` (a run), `ping` every 15 s, and `resync` (events may have been missed: read your runs again). There is no replay: after connecting, read the runs you show.",
  responses: { 200: { description: "text/event-stream of `step`, `run`, `ping` and `resync` events" }, ...commonErrors },
});

const recent = createRoute({
  method: "get",
  path: "/runs",
  tags: ["Runs"],
  summary: "Your latest runs across tasks, newest first",
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(50).optional() }) },
  responses: { 200: jsonContent(recentRunsSchema, "The runs"), ...commonErrors },
});
const makePublic = createRoute({
  method: "get",
  path: "/runs/{id}/make-public",
  tags: ["Runs"],
  summary: "Publish one of your runs as a demo (admins only)",
  request: { params: idParam },
  responses: {
    200: jsonContent(z.object({ id: z.uuid(), public: z.boolean() }), "The run is public"),
    403: jsonContent(apiErrorSchema, "Not an admin"),
    ...commonErrors,
  },
});

type CreatedRun = Parameters<typeof timeLimit>[0] & { id: string; taskId: string; status: string };

export function registerRunRoutes(api: OpenAPIHono<AppEnv>, deps: { ctx: ServiceContext; events: RunEventListener }) {
  const { ctx } = deps;
  /** With an Idempotency-Key the creation happens once per key; the response is replayed after. */
  const once = async (userId: string, key: string | undefined, request: unknown, create: () => Promise<CreatedRun>) => {
    const handle = async () => {
      const run = await create();
      return { status: 201, body: { id: run.id, task_id: run.taskId, status: run.status, ...timeLimit(run) } };
    };
    if (!key) return { ...(await handle()), replayed: false };
    return withIdempotency({ ctx, input: { userId, key, request } }, handle);
  };
  api.openapi(createRun, async (c) => {
    const userId = c.get("caller").userId;
    const settings = c.req.valid("json");
    const result = await once(userId, c.req.valid("header")["idempotency-key"], { path: "/runs", settings }, async () => {
      const { run } = await createTaskWithRun({ ctx, input: { userId, settings } });
      return run;
    });
    if (result.replayed) c.header("idempotent-replayed", "true");
    return c.json(result.body as z.infer<typeof createRunResponseSchema>, 201);
  });
  api.openapi(createTaskRun, async (c) => {
    const userId = c.get("caller").userId;
    const taskId = c.req.valid("param").id;
    const settings = c.req.valid("json");
    const result = await once(userId, c.req.valid("header")["idempotency-key"], { path: `/tasks/${taskId}/runs`, settings }, () =>
      createRunForTask({ ctx, input: { userId, taskId, settings } }),
    );
    if (result.replayed) c.header("idempotent-replayed", "true");
    return c.json(result.body as z.infer<typeof createRunResponseSchema>, 201);
  });
  api.openapi(recent, async (c) => c.json(await listRecentRuns({ ctx, input: { userId: c.get("caller").userId, limit: c.req.valid("query").limit } }), 200));
  api.openapi(makePublic, async (c) => {
    const userId = c.get("caller").userId;
    const { isAdmin } = await getAccount({ ctx, input: { userId } });
    return c.json(await makeRunPublic({ ctx, input: { userId, isAdmin, runId: c.req.valid("param").id } }), 200);
  });
  api.openapi(readRun, async (c) => {
    const { run } = await getRun({ ctx, input: { userId: c.get("caller").userId, runId: c.req.valid("param").id, withSteps: false } });
    return c.json(run, 200);
  });
  api.openapi(readSteps, async (c) => {
    const { steps } = await getRun({ ctx, input: { userId: c.get("caller").userId, runId: c.req.valid("param").id } });
    return c.json({ steps }, 200);
  });
  api.openapi(listRuns, async (c) => {
    const runs = await listTaskRuns({ ctx, input: { userId: c.get("caller").userId, taskId: c.req.valid("param").id } });
    return c.json({ runs }, 200);
  });
  api.openapi(cancel, async (c) => {
    const run = await cancelRun({ ctx, input: { userId: c.get("caller").userId, runId: c.req.valid("param").id } });
    return c.json(run, 200);
  });
  // Streams are not JSON: registered as plain routes (still described in the OpenAPI document).
  api.openAPIRegistry.registerPath(accountEvents);
  api.get("/events", (c) => streamAccountEvents(c, deps, c.get("caller").userId));
  api.openAPIRegistry.registerPath(events);
  api.get("/runs/:id/events", async (c) => {
    const id = idParam.safeParse({ id: c.req.param("id") });
    if (!id.success) return c.json({ error: { code: "not_found", message: "Run not found" } }, 404);
    return streamRunEvents(c, deps, c.get("caller").userId, id.data.id);
  });
}
