import type { FailureKind } from "@errand/contract";
import { tasks, tasksRuns } from "@errand/db";
import { and, desc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownTask } from "../tasks/own-task.ts";
import { failureKindIn } from "./failure-kind-filter.ts";
import { apiRunFrom, selectApiRuns } from "./to-api.ts";

/** A task's runs, newest first; only those that ended with some failure kinds when asked. */
export async function listTaskRuns({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ taskId: string; limit?: number; failureKinds?: FailureKind[] }>) {
  requireScope(caller, "read");
  const task = await ownTask(ctx.db, caller, input.taskId, { id: tasks.id });
  const rows = await selectApiRuns(ctx.db)
    .where(and(eq(tasksRuns.taskId, task.id), failureKindIn(input.failureKinds)))
    .orderBy(desc(tasksRuns.createdAt), desc(tasksRuns.id))
    .limit(Math.min(Math.max(input.limit ?? 50, 1), 100));
  return rows.map(apiRunFrom);
}
