import { DASHBOARD_HISTORY_SIZE, type FailureKind, type RecentRuns } from "@errand/contract";
import { tasks, tasksRuns } from "@errand/db";
import { and, desc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { failureKindIn } from "./failure-kind-filter.ts";

/** Dashboard history: the workspace's latest runs with their task's prompt, newest first; only some failure kinds when asked. */
export async function listRecentRuns({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ limit?: number; failureKinds?: FailureKind[] }>): Promise<RecentRuns> {
  requireScope(caller, "read");
  const rows = await ctx.db
    .select({
      id: tasksRuns.id,
      status: tasksRuns.status,
      failureKind: tasksRuns.failureKind,
      createdAt: tasksRuns.createdAt,
      taskId: tasksRuns.taskId,
      prompt: tasks.prompt,
    })
    .from(tasksRuns)
    .innerJoin(tasks, eq(tasks.id, tasksRuns.taskId))
    .where(and(eq(tasksRuns.workspaceId, caller.workspaceId), failureKindIn(input.failureKinds)))
    .orderBy(desc(tasksRuns.createdAt))
    .limit(Math.min(Math.max(input.limit ?? DASHBOARD_HISTORY_SIZE, 1), 50));
  return {
    runs: rows.map((r) => ({
      id: r.id,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      task_id: r.taskId,
      prompt: r.prompt,
      failure_kind: r.status === "pending" || r.status === "success" ? null : (r.failureKind ?? "unknown"),
    })),
  };
}
