import { taskListSchema, taskSchema, taskUpdateSchema } from "@errand/contract";
import { getTask, listTasks, updateTask, type ServiceContext } from "@errand/services";
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, idParam, jsonContent } from "../openapi-helpers.ts";

const list = createRoute({
  method: "get",
  path: "/tasks",
  tags: ["Tasks"],
  summary: "Your tasks, newest first, 10 per page, each with its 5 latest runs",
  request: { query: z.object({ page: z.coerce.number().int().min(1).max(100_000).optional() }) },
  responses: { 200: jsonContent(taskListSchema, "A page of tasks"), ...commonErrors },
});
const read = createRoute({
  method: "get",
  path: "/tasks/{id}",
  tags: ["Tasks"],
  summary: "A task with its settings",
  request: { params: idParam },
  responses: { 200: jsonContent(taskSchema, "The task"), ...commonErrors },
});
const update = createRoute({
  method: "patch",
  path: "/tasks/{id}",
  tags: ["Tasks"],
  summary: "Change a task's prompt and settings (its past runs keep theirs)",
  description: 'Only the fields sent change; a field sent as "" or null is cleared (session_timeout: back to 300).',
  request: { params: idParam, body: { content: { "application/json": { schema: taskUpdateSchema } }, required: true } },
  responses: { 200: jsonContent(taskSchema, "The saved task"), ...commonErrors },
});

export function registerTaskRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(list, async (c) => c.json(await listTasks({ ctx, input: { userId: c.get("caller").userId, page: c.req.valid("query").page } }), 200));
  api.openapi(read, async (c) => c.json(await getTask({ ctx, input: { userId: c.get("caller").userId, taskId: c.req.valid("param").id } }), 200));
  api.openapi(update, async (c) =>
    c.json(await updateTask({ ctx, input: { userId: c.get("caller").userId, taskId: c.req.valid("param").id, changes: c.req.valid("json") } }), 200),
  );
}
