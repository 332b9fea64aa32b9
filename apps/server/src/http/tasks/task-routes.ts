import { taskOperations } from "@errand/contract";
import { deleteTask, getTask, listTasks, updateTask } from "@errand/services/tasks";
import { exportPlaywrightScript, listTaskRecordings } from "@errand/services/recordings";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { attachmentDisposition } from "../files/content-disposition.ts";
import { DOWNLOAD_POLICY } from "../files/file-routes.ts";
import { verbServer } from "../serve-verb.ts";

const playwright = createRoute(taskOperations.exportRecordingPlaywright);

export function registerTaskRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext, storage?: FileStorage) {
  const serve = verbServer(api, ctx);
  serve(taskOperations.listTasks, ({ query }) => ({ page: query.page, search: query.search, tag: query.tag }), listTasks);
  serve(taskOperations.getTask, ({ param }) => ({ taskId: param.id }), getTask);
  serve(taskOperations.updateTask, ({ param, json }) => ({ taskId: param.id, changes: json }), updateTask);
  serve(taskOperations.listTaskRecordings, ({ param }) => ({ taskId: param.id }), listTaskRecordings);
  api.openapi(playwright, async (c) => {
    const { id, version } = c.req.valid("param");
    const { form } = c.req.valid("query");
    const file = await exportPlaywrightScript({ ctx, caller: c.get("caller"), input: { taskId: id, version, form } });
    // A download, never a page: the script holds text a site showed.
    return c.text(file.script, 200, {
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": attachmentDisposition(file.filename),
      "x-content-type-options": "nosniff",
      "content-security-policy": DOWNLOAD_POLICY,
    });
  });
  serve(taskOperations.deleteTask, ({ param }) => ({ taskId: param.id, storage }), deleteTask);
}
