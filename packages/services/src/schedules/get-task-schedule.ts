import type { Schedule } from "@errand/contract";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownSchedule } from "./own-schedule.ts";
import { scheduleToApi } from "./schedule-to-api.ts";

/** GET /tasks/{id}/schedule: the schedule with its next runs. */
export async function getTaskSchedule({ ctx, caller, input }: CallerVerbArgs<{ taskId: string }>): Promise<Schedule> {
  requireScope(caller, "read");
  return scheduleToApi(await ownSchedule(ctx.db, caller, input.taskId));
}
