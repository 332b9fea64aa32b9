import { tasks, tasksRuns } from "@errand/db";
import { and, desc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { apiRunFrom, selectApiRuns } from "./to-api.ts";

/** A task's runs, newest first. */
export async function listTaskRuns({ ctx, caller, input }: CallerVerbArgs<{ taskId: string; limit?: number }>) {
  requireScope(caller, "read");
  const [task] = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, input.taskId), eq(tasks.userId, caller.userId)));
  if (!task) throw notFound("Task");
  const rows = await selectApiRuns(ctx.db)
    .where(eq(tasksRuns.taskId, task.id))
    .orderBy(desc(tasksRuns.createdAt), desc(tasksRuns.id))
    .limit(Math.min(Math.max(input.limit ?? 50, 1), 100));
  return rows.map(apiRunFrom);
}
