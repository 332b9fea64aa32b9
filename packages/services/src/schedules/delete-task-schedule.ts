import { taskSchedules, tasks } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { ownTask } from "../tasks/own-task.ts";
import { callersSchedule, noSchedule } from "./own-schedule.ts";
import { requireRole } from "../workspaces/roles.ts";

/** DELETE /tasks/{id}/schedule: the task and its runs stay. */
export async function deleteTaskSchedule({ ctx, caller, input }: CallerVerbArgs<{ taskId: string }>): Promise<void> {
  requireRole(caller, "run");
  await ownTask(ctx.db, caller, input.taskId, { id: tasks.id });
  const deleted = await ctx.db.delete(taskSchedules).where(callersSchedule(caller, input.taskId)).returning({ id: taskSchedules.id });
  if (deleted.length === 0) throw noSchedule();
}
