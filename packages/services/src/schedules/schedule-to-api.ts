import { cronToRepeat, SCHEDULE_NEXT_RUNS, type Schedule } from "@errand/contract";
import type { taskSchedules } from "@errand/db";
import { slotsAfter } from "./schedule-slots.ts";

type ScheduleRow = typeof taskSchedules.$inferSelect;

/** The schedule as the API shows it; next_runs starts at next_run_at (which may be due already). */
export function scheduleToApi(row: ScheduleRow): Schedule {
  const next =
    row.paused || !row.nextRunAt ? [] : [row.nextRunAt, ...slotsAfter(row.cron, row.timeZone, row.nextRunAt, SCHEDULE_NEXT_RUNS - 1)];
  return {
    id: row.id,
    task_id: row.taskId,
    repeat: cronToRepeat(row.kind, row.cron),
    cron: row.cron,
    time_zone: row.timeZone,
    paused: row.paused,
    next_run_at: row.paused ? null : (row.nextRunAt?.toISOString() ?? null),
    next_runs: next.map((d) => d.toISOString()),
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    last_run_id: row.lastRunId,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
