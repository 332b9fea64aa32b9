import { taskListQuerySchema, taskListSchema, taskSchema, taskUpdateSchema } from "@errand/contract";
import { deleteTask, getTask, listTasks, updateTask, type FileStorage, type ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, idParam, jsonContent } from "../openapi-helpers.ts";

const list = createRoute({
  method: "get",
  path: "/tasks",
  tags: ["Tasks"],
  summary: "Your tasks, newest first, 10 per page, each with its 5 latest runs",
  description: "`search` keeps the tasks whose prompt contains the text (case-insensitive); `total` counts those.",
  request: { query: taskListQuerySchema },
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

const remove = createRoute({
  method: "delete",
  path: "/tasks/{id}",
  tags: ["Tasks"],
  summary: "Delete a task with all its runs",
  description:
    "Deletes the task, its runs, their steps and screenshots; this cannot be undone. A run still waiting or running is cancelled first (its hold on your balance is released; the seconds it ran are charged as for a cancel). Share links of its runs stop working.",
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...commonErrors },
});

export function registerTaskRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext, storage?: FileStorage) {
  api.openapi(list, async (c) => {
    const { page, search } = c.req.valid("query");
    return c.json(await listTasks({ ctx, input: { userId: c.get("caller").userId, page, search } }), 200);
  });
  api.openapi(read, async (c) => c.json(await getTask({ ctx, input: { userId: c.get("caller").userId, taskId: c.req.valid("param").id } }), 200));
  api.openapi(update, async (c) =>
    c.json(await updateTask({ ctx, input: { userId: c.get("caller").userId, taskId: c.req.valid("param").id, changes: c.req.valid("json") } }), 200),
  );
  api.openapi(remove, async (c) => {
    await deleteTask({ ctx, input: { userId: c.get("caller").userId, taskId: c.req.valid("param").id, storage } });
    return c.body(null, 204);
  });
}
