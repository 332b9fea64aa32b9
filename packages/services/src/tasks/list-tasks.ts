import { LATEST_RUNS_PER_TASK, TASK_HISTORY_PAGE_SIZE, type TaskList } from "@errand/contract";
import { tasks, tasksRuns } from "@errand/db";
import { count, desc, eq, inArray, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { taskToApi } from "./to-api.ts";

/** Task History: pages of 10, newest first, with an exact count and each task's 5 latest runs. */
export async function listTasks({ ctx, input }: VerbArgs<{ userId: string; page?: number }>): Promise<TaskList> {
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(tasks)
      .where(eq(tasks.userId, input.userId))
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(TASK_HISTORY_PAGE_SIZE)
      .offset((page - 1) * TASK_HISTORY_PAGE_SIZE),
    ctx.db.select({ value: count() }).from(tasks).where(eq(tasks.userId, input.userId)),
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
  const latest = new Map<string, TaskList["tasks"][number]["latest_runs"]>();
  for (const run of ranked.filter((r) => Number(r.rank) <= LATEST_RUNS_PER_TASK).sort((a, b) => Number(a.rank) - Number(b.rank))) {
    const list = latest.get(run.taskId) ?? [];
    list.push({ id: run.id, status: run.status, created_at: run.createdAt.toISOString() });
    latest.set(run.taskId, list);
  }
  return {
    tasks: rows.map((t) => ({ ...taskToApi(t), latest_runs: latest.get(t.id) ?? [] })),
    total: total?.value ?? 0,
    page,
    page_size: TASK_HISTORY_PAGE_SIZE,
  };
}
