import { repeatToCron, scheduleInputSchema, type Schedule } from "@errand/contract";
import { taskSchedules, tasks } from "@errand/db";
import { sql } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { assertUsableCron, slotAfter } from "./schedule-slots.ts";
import { scheduleToApi } from "./schedule-to-api.ts";
import { ownTask } from "../tasks/own-task.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * PUT /tasks/{id}/schedule: creates the task's schedule or replaces it. The next run is the first
 * slot after now; a paused schedule stays paused (its next run is computed when it resumes).
 */
export async function setTaskSchedule({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ taskId: string; schedule: unknown; now?: Date }>): Promise<Schedule> {
  requireRole(caller, "run");
  const { repeat, time_zone: timeZone } = parseOrThrow(scheduleInputSchema, input.schedule);
  const now = input.now ?? new Date();
  const cron = repeatToCron(repeat);
  assertUsableCron(cron, timeZone, now);
  const next = slotAfter(cron, timeZone, now);
  const row = await ctx.db.transaction(async (tx) => {
    // Key share: the task cannot be deleted until this commits (its schedule goes with it).
    const task = await ownTask(tx, caller, input.taskId, { id: tasks.id }, "key share");
    const [saved] = await tx
      .insert(taskSchedules)
      .values({
        taskId: task.id,
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        kind: repeat.kind,
        cron,
        timeZone,
        nextRunAt: next,
      })
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
