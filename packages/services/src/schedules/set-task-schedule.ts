import { repeatToCron, scheduleInputSchema, type Schedule } from "@errand/contract";
import { taskSchedules, tasks } from "@errand/db";
import { and, eq, sql } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { assertUsableCron, slotAfter } from "./schedule-slots.ts";
import { scheduleToApi } from "./schedule-to-api.ts";

/**
 * PUT /tasks/{id}/schedule: creates the task's schedule or replaces it. The next run is the first
 * slot after now; a paused schedule stays paused (its next run is computed when it resumes).
 */
export async function setTaskSchedule({ ctx, caller, input }: CallerVerbArgs<{ taskId: string; schedule: unknown; now?: Date }>): Promise<Schedule> {
  requireScope(caller, "write");
  const { repeat, time_zone: timeZone } = parseOrThrow(scheduleInputSchema, input.schedule);
  const now = input.now ?? new Date();
  const cron = repeatToCron(repeat);
  assertUsableCron(cron, timeZone, now);
  const next = slotAfter(cron, timeZone, now);
  const row = await ctx.db.transaction(async (tx) => {
    // Key share: the task cannot be deleted until this commits (its schedule goes with it).
    const [task] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, input.taskId), eq(tasks.userId, caller.userId)))
      .for("key share");
    if (!task) throw notFound("Task");
    const [saved] = await tx
      .insert(taskSchedules)
      .values({ taskId: task.id, userId: caller.userId, kind: repeat.kind, cron, timeZone, nextRunAt: next })
      .onConflictDoUpdate({
        target: taskSchedules.taskId,
        set: {
          kind: repeat.kind,
          cron,
          timeZone,
          nextRunAt: sql`case when ${taskSchedules.paused} then null else ${next?.toISOString() ?? null}::timestamptz end`,
          updatedAt: now,
        },
      })
      .returning();
    return saved!;
  });
  ctx.log.info("task schedule saved", { taskId: row.taskId, kind: row.kind });
  return scheduleToApi(row);
}
