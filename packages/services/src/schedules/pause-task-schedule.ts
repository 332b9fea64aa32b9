import type { Schedule } from "@errand/contract";
import { taskSchedules } from "@errand/db";
import { eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { ownSchedule } from "./own-schedule.ts";
import { slotAfter } from "./schedule-slots.ts";
import { scheduleToApi } from "./schedule-to-api.ts";
import { requireRole } from "../workspaces/roles.ts";

/** POST /tasks/{id}/schedule/pause: no run until resumed. */
export async function pauseTaskSchedule({ ctx, caller, input }: CallerVerbArgs<{ taskId: string }>): Promise<Schedule> {
  requireRole(caller, "run");
  const schedule = await ownSchedule(ctx.db, caller, input.taskId);
  const [row] = await ctx.db
    .update(taskSchedules)
    .set({ paused: true, nextRunAt: null, updatedAt: new Date() })
    .where(eq(taskSchedules.id, schedule.id))
    .returning();
  return scheduleToApi(row ?? schedule);
}

/** POST /tasks/{id}/schedule/resume: runs again from the first slot after now (slots passed while paused are not run). */
export async function resumeTaskSchedule({ ctx, caller, input }: CallerVerbArgs<{ taskId: string; now?: Date }>): Promise<Schedule> {
  requireRole(caller, "run");
  const schedule = await ownSchedule(ctx.db, caller, input.taskId);
  if (!schedule.paused) return scheduleToApi(schedule);
  const now = input.now ?? new Date();
  const [row] = await ctx.db
    .update(taskSchedules)
    .set({ paused: false, nextRunAt: slotAfter(schedule.cron, schedule.timeZone, now), updatedAt: now })
    .where(eq(taskSchedules.id, schedule.id))
    .returning();
  return scheduleToApi(row ?? schedule);
}
