import { tasks, tasksRuns } from "@errand/db";
import { desc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownTask } from "../tasks/own-task.ts";
import { apiRunFrom, selectApiRuns } from "./to-api.ts";

/** A task's runs, newest first. */
export async function listTaskRuns({ ctx, caller, input }: CallerVerbArgs<{ taskId: string; limit?: number }>) {
  requireScope(caller, "read");
  const task = await ownTask(ctx.db, caller, input.taskId, { id: tasks.id });
  const rows = await selectApiRuns(ctx.db)
    .where(eq(tasksRuns.taskId, task.id))
    .orderBy(desc(tasksRuns.createdAt), desc(tasksRuns.id))
    .limit(Math.min(Math.max(input.limit ?? 50, 1), 100));
  return rows.map(apiRunFrom);
}
