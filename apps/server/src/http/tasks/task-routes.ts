import { taskOperations } from "@errand/contract";
import { deleteTask, getTask, listTasks, updateTask } from "@errand/services/tasks";
import { listTaskRecordings } from "@errand/services/recordings";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const list = createRoute(taskOperations.listTasks);
const read = createRoute(taskOperations.getTask);
const update = createRoute(taskOperations.updateTask);

const remove = createRoute(taskOperations.deleteTask);
const recordings = createRoute(taskOperations.listTaskRecordings);

export function registerTaskRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext, storage?: FileStorage) {
  api.openapi(list, async (c) => {
    const { page, search } = c.req.valid("query");
    return c.json(await listTasks({ ctx, caller: c.get("caller"), input: { page, search } }), 200);
  });
  api.openapi(read, async (c) => c.json(await getTask({ ctx, caller: c.get("caller"), input: { taskId: c.req.valid("param").id } }), 200));
  api.openapi(update, async (c) =>
    c.json(
      await updateTask({ ctx, caller: c.get("caller"), input: { taskId: c.req.valid("param").id, changes: c.req.valid("json") } }),
      200,
    ),
  );
  api.openapi(recordings, async (c) =>
    c.json(await listTaskRecordings({ ctx, caller: c.get("caller"), input: { taskId: c.req.valid("param").id } }), 200),
  );
  api.openapi(remove, async (c) => {
    await deleteTask({ ctx, caller: c.get("caller"), input: { taskId: c.req.valid("param").id, storage } });
    return c.body(null, 204);
  });
}
