import { taskSchedules } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { assertOwnTask, noSchedule } from "./own-schedule.ts";

/** DELETE /tasks/{id}/schedule: the task and its runs stay. */
export async function deleteTaskSchedule({ ctx, caller, input }: CallerVerbArgs<{ taskId: string }>): Promise<void> {
  requireScope(caller, "write");
  await assertOwnTask(ctx.db, caller.userId, input.taskId);
  const deleted = await ctx.db
    .delete(taskSchedules)
    .where(and(eq(taskSchedules.taskId, input.taskId), eq(taskSchedules.userId, caller.userId)))
    .returning({ id: taskSchedules.id });
  if (deleted.length === 0) throw noSchedule();
}
