import type { RetryPolicy } from "@errand/contract";
import { tasks, tasksRuns } from "@errand/db";
import { count, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { ServiceError } from "../errors.ts";
import { enqueueOrFail } from "../runs/enqueue-or-fail.ts";
import { insertRunWithHold, lockAccountRuns } from "../runs/insert-run.ts";
import { taskColumns } from "../schedules/run-due-schedules.ts";
import { failureKindOf } from "./failure-kind.ts";

type RunRow = typeof tasksRuns.$inferSelect;

/** Whether the task's policy asks for this ended run to be tried again (before counting what the chain has had). */
export function retryWanted(policy: RetryPolicy | null, run: Pick<RunRow, "status" | "verification" | "failureKind">): boolean {
  if (!policy || policy.max === 0 || run.status === "success" || run.status === "cancelled") return false;
  if (policy.on_verdict_fail && run.verification?.verdict === "fail") return true;
  const kind = failureKindOf(run);
  return kind !== null && policy.on_failure_kinds.includes(kind);
}

/**
 * After a run ended: a new run with the same settings when its task's retry policy asks for it
 * (docs/adr/0043-verified-results.md), linked by retry_of to the first run of the chain. The
 * chain stops at the policy's max: the count is taken under the account's run lock, so two
 * endings cannot both add the last retry. A retry is held and charged as any run; when the
 * balance or the pending-run limit refuses it, there is none (logged). Returns the new run, or null.
 */
export async function retryIfAsked({ ctx, input }: VerbArgs<{ runId: string }>): Promise<RunRow | null> {
  const [ended] = await ctx.db
    .select({ run: tasksRuns, policy: tasks.retry })
    .from(tasksRuns)
    .innerJoin(tasks, eq(tasks.id, tasksRuns.taskId))
    .where(eq(tasksRuns.id, input.runId));
  if (!ended || ended.run.status === "pending" || !retryWanted(ended.policy, ended.run)) return null;
  const { run, policy } = ended;
  const first = run.retryOf ?? run.id;
  try {
    const inserted = await ctx.db.transaction(async (tx) => {
      await lockAccountRuns(tx, run.userId, run.workspaceId);
      const [had] = await tx.select({ n: count() }).from(tasksRuns).where(eq(tasksRuns.retryOf, first));
      if ((had?.n ?? 0) >= policy!.max) return null;
      const made = await insertRunWithHold(tx, ctx, {
        userId: run.userId,
        workspaceId: run.workspaceId,
        taskId: run.taskId,
        apiKeyId: run.apiKeyId ?? undefined,
        columns: taskColumns(run),
        mode: run.mode,
      });
      const [linked] = await tx.update(tasksRuns).set({ retryOf: first }).where(eq(tasksRuns.id, made.run.id)).returning();
      return { ...made, run: linked! };
    });
    return inserted ? await enqueueOrFail(ctx, inserted) : null;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    ctx.log.warn("a run's retry was refused", { runId: run.id, code: error.code });
    return null;
  }
}
