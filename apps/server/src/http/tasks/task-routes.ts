import { taskOperations } from "@errand/contract";
import { deleteTask, getTask, listTasks, updateTask } from "@errand/services/tasks";
import { listTaskRecordings } from "@errand/services/recordings";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

export function registerTaskRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext, storage?: FileStorage) {
  const serve = verbServer(api, ctx);
  serve(taskOperations.listTasks, ({ query }) => ({ page: query.page, search: query.search, tag: query.tag }), listTasks);
  serve(taskOperations.getTask, ({ param }) => ({ taskId: param.id }), getTask);
  serve(taskOperations.updateTask, ({ param, json }) => ({ taskId: param.id, changes: json }), updateTask);
  serve(taskOperations.listTaskRecordings, ({ param }) => ({ taskId: param.id }), listTaskRecordings);
  serve(taskOperations.deleteTask, ({ param }) => ({ taskId: param.id, storage }), deleteTask);
}
