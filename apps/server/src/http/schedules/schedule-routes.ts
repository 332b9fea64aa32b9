import { scheduleOperations } from "@errand/contract";
import { deleteTaskSchedule, getTaskSchedule, pauseTaskSchedule, resumeTaskSchedule, setTaskSchedule } from "@errand/services/schedules";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const read = createRoute(scheduleOperations.getTaskSchedule);
const set = createRoute(scheduleOperations.setTaskSchedule);
const pause = createRoute(scheduleOperations.pauseTaskSchedule);
const resume = createRoute(scheduleOperations.resumeTaskSchedule);
const remove = createRoute(scheduleOperations.deleteTaskSchedule);

/** A saved task's schedule: one per task, below /tasks/{id}/schedule. */
export function registerScheduleRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(read, async (c) =>
    c.json(await getTaskSchedule({ ctx, caller: c.get("caller"), input: { taskId: c.req.valid("param").id } }), 200),
  );
  api.openapi(set, async (c) =>
    c.json(
      await setTaskSchedule({ ctx, caller: c.get("caller"), input: { taskId: c.req.valid("param").id, schedule: c.req.valid("json") } }),
      200,
    ),
  );
  api.openapi(pause, async (c) =>
    c.json(await pauseTaskSchedule({ ctx, caller: c.get("caller"), input: { taskId: c.req.valid("param").id } }), 200),
  );
  api.openapi(resume, async (c) =>
    c.json(await resumeTaskSchedule({ ctx, caller: c.get("caller"), input: { taskId: c.req.valid("param").id } }), 200),
  );
  api.openapi(remove, async (c) => {
    await deleteTaskSchedule({ ctx, caller: c.get("caller"), input: { taskId: c.req.valid("param").id } });
    return c.body(null, 204);
  });
}
