import { LATEST_RUNS_PER_TASK, TASK_HISTORY_PAGE_SIZE, type TaskList } from "@errand/contract";
import { taskSchedules, tasks, tasksRuns } from "@errand/db";
import { and, arrayContains, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { taskToApi } from "./to-api.ts";

/** `text` as a LIKE pattern matching it anywhere: its own % _ and \ are literal. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Task History: pages of 10, newest first, with an exact count and each task's 5 latest runs.
 * `search` keeps the tasks whose prompt contains it, ignoring case; `tag`, those with that tag. A scheduled task has its next run.
 */
export async function listTasks({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ page?: number; search?: string; tag?: string }>): Promise<TaskList> {
  requireScope(caller, "read");
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const search = input.search?.trim();
  const where = and(
    eq(tasks.workspaceId, caller.workspaceId),
    search ? ilike(tasks.prompt, containsPattern(search)) : undefined,
    input.tag ? arrayContains(tasks.tags, [input.tag]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(TASK_HISTORY_PAGE_SIZE)
      .offset((page - 1) * TASK_HISTORY_PAGE_SIZE),
    ctx.db.select({ value: count() }).from(tasks).where(where),
  ]);
  const ids = rows.map((t) => t.id);
  const ranked = ids.length
    ? await ctx.db
        .select({
          id: tasksRuns.id,
          taskId: tasksRuns.taskId,
          status: tasksRuns.status,
          createdAt: tasksRuns.createdAt,
          rank: sql<number>`row_number() over (partition by ${tasksRuns.taskId} order by ${tasksRuns.createdAt} desc)`.as("rank"),
        })
        .from(tasksRuns)
        .where(inArray(tasksRuns.taskId, ids))
    : [];
  const schedules = ids.length
    ? await ctx.db
        .select({ taskId: taskSchedules.taskId, nextRunAt: taskSchedules.nextRunAt, timeZone: taskSchedules.timeZone })
        .from(taskSchedules)
        .where(inArray(taskSchedules.taskId, ids))
    : [];
  const schedule = new Map(schedules.map((s) => [s.taskId, { at: s.nextRunAt?.toISOString() ?? null, zone: s.timeZone }]));
  const latest = new Map<string, TaskList["tasks"][number]["latest_runs"]>();
  for (const run of ranked.filter((r) => Number(r.rank) <= LATEST_RUNS_PER_TASK).sort((a, b) => Number(a.rank) - Number(b.rank))) {
    const list = latest.get(run.taskId) ?? [];
    list.push({ id: run.id, status: run.status, created_at: run.createdAt.toISOString() });
    latest.set(run.taskId, list);
  }
  return {
    tasks: rows.map((t) => ({
      ...taskToApi(t),
      latest_runs: latest.get(t.id) ?? [],
      next_run_at: schedule.get(t.id)?.at ?? null,
      next_run_time_zone: schedule.get(t.id)?.zone ?? null,
    })),
    total: total?.value ?? 0,
    page,
    page_size: TASK_HISTORY_PAGE_SIZE,
  };
}
