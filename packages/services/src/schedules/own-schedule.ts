import { NO_SCHEDULE_MESSAGE } from "@errand/contract";
import { taskSchedules, tasks } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { notFound, ServiceError } from "../errors.ts";

/** The caller's task must exist ("Task not found" otherwise: another user's task included). */
export async function assertOwnTask(db: ServiceContext["db"], userId: string, taskId: string): Promise<void> {
  const [task] = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  if (!task) throw notFound("Task");
}

export const noSchedule = () => new ServiceError("not_found", NO_SCHEDULE_MESSAGE);

/** The schedule of one of the caller's tasks, or the reason there is none. */
export async function loadOwnSchedule(ctx: ServiceContext, userId: string, taskId: string) {
  await assertOwnTask(ctx.db, userId, taskId);
  const [row] = await ctx.db.select().from(taskSchedules).where(and(eq(taskSchedules.taskId, taskId), eq(taskSchedules.userId, userId)));
  if (!row) throw noSchedule();
  return row;
}
