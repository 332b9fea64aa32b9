import { scheduleOperations } from "@errand/contract";
import { deleteTaskSchedule, getTaskSchedule, pauseTaskSchedule, resumeTaskSchedule, setTaskSchedule } from "@errand/services/schedules";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

/** A saved task's schedule: one per task, below /tasks/{id}/schedule. */
export function registerScheduleRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(scheduleOperations.getTaskSchedule, ({ param }) => ({ taskId: param.id }), getTaskSchedule);
  serve(scheduleOperations.setTaskSchedule, ({ param, json }) => ({ taskId: param.id, schedule: json }), setTaskSchedule);
  serve(scheduleOperations.pauseTaskSchedule, ({ param }) => ({ taskId: param.id }), pauseTaskSchedule);
  serve(scheduleOperations.resumeTaskSchedule, ({ param }) => ({ taskId: param.id }), resumeTaskSchedule);
  serve(scheduleOperations.deleteTaskSchedule, ({ param }) => ({ taskId: param.id }), deleteTaskSchedule);
}
