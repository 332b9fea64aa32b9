import type { FinalRunStatus } from "@errand/contract";
import { tasks, tasksRuns } from "@errand/db";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { batchCancelled, followRetry, recordRowOutcome } from "../batches/record-row-outcome.ts";
import type { ServiceContext, VerbArgs } from "../context.ts";
import { ServiceError } from "../errors.ts";
import { describeError } from "../logging/describe-error.ts";
import { enqueueOrFail } from "../runs/enqueue-or-fail.ts";
import { insertRunWithHold, startedAs, lockAccountRuns } from "../runs/insert-run.ts";
import { taskColumns } from "../runs/task-columns.ts";
import { retriesInChain } from "./mark-retry.ts";
import { retryWanted } from "./retry-policy.ts";

type RunRow = typeof tasksRuns.$inferSelect;
type Tx = Parameters<Parameters<ServiceContext["db"]["transaction"]>[0]>[0];

/** Marked runs the sweep looks at per call; the rest wait for the next one. */
const SWEEP_BATCH = 100;

/**
 * Starts the retry an ended run was marked as owing when it ended (docs/adr/0045-durable-retries.md):
 * a new run with the same settings, linked by retry_of to the first run of the chain, held and
 * charged as any run. Asked by the retry queue's job, its sweep, or both at once: under the
 * account's run lock, whoever clears the mark starts the retry, so a run gets one at most. The
 * task's policy is read again (a person may have changed it since) and the chain counted, so it
 * stops at `max`. A refusal (balance, pending-run limit) leaves no retry, logged. Returns the new
 * run, or null.
 */
export async function startRetry({ ctx, input }: VerbArgs<{ runId: string }>): Promise<RunRow | null> {
  const [owing] = await ctx.db
    .select({ userId: tasksRuns.userId, workspaceId: tasksRuns.workspaceId })
    .from(tasksRuns)
    .where(and(eq(tasksRuns.id, input.runId), isNotNull(tasksRuns.retryPendingSince)));
  if (!owing) return null;
  const started = await ctx.db.transaction(async (tx) => {
    await lockAccountRuns(tx, owing.userId, owing.workspaceId);
    const [run] = await tx
      .update(tasksRuns)
      .set({ retryPendingSince: null })
      .where(and(eq(tasksRuns.id, input.runId), isNotNull(tasksRuns.retryPendingSince)))
      .returning();
    if (!run) return null;
    const inserted = await insertRetry(tx, ctx, run);
    // A batch row waits on its run's retry: it follows the retry, or, with none, ends as its run did.
    if (run.batchId) {
      if (inserted) await followRetry(tx, run.id, inserted.run.id);
      else await recordRowOutcome(tx, { ...run, status: run.status as FinalRunStatus });
    }
    return { inserted, batchId: run.batchId };
  });
  if (started?.batchId && !started.inserted)
    await ctx.queue
      .wakeBatch?.(started.batchId)
      .catch((error: unknown) => ctx.log.warn("could not wake a batch", { batchId: started.batchId, error }));
  return started?.inserted ? await enqueueOrFail(ctx, started.inserted) : null;
}

/**
 * The retry of `run`, inserted, or null: the task's policy no longer asks for it, the chain has
 * had `max`, the run's batch was cancelled, or the balance or the pending-run limit refused it.
 */
async function insertRetry(tx: Tx, ctx: ServiceContext, run: RunRow) {
  const [task] = await tx.select({ policy: tasks.retry }).from(tasks).where(eq(tasks.id, run.taskId));
  const policy = task?.policy ?? null;
  if (!retryWanted(policy, run) || (await retriesInChain(tx, run)) >= policy!.max) return null;
  if (run.batchId && (await batchCancelled(tx, run.batchId))) return null;
  try {
    const made = await insertRunWithHold(tx, ctx, {
      ...startedAs(run),
      columns: taskColumns(run),
      mode: run.mode,
      batchId: run.batchId ?? undefined,
    });
    const [linked] = await tx
      .update(tasksRuns)
      .set({ retryOf: run.retryOf ?? run.id })
      .where(eq(tasksRuns.id, made.run.id))
      .returning();
    return { ...made, run: linked! };
  } catch (error) {
    // insertRunWithHold refuses before writing anything: the cleared mark still commits.
    if (!(error instanceof ServiceError)) throw error;
    ctx.log.warn("a run's retry was refused", { runId: run.id, code: error.code });
    return null;
  }
}

/**
 * The safety net (docs/adr/0045-durable-retries.md): starts every retry still owed, such as one
 * whose run ended in a process that stopped before asking for it. Run every minute from pg-boss's
 * cron and when a worker starts. One run's fault does not stop the others.
 */
export async function sweepRetries({ ctx }: VerbArgs<Record<string, never>>): Promise<{ started: number }> {
  const owing = await ctx.db
    .select({ id: tasksRuns.id })
    .from(tasksRuns)
    .where(isNotNull(tasksRuns.retryPendingSince))
    .orderBy(asc(tasksRuns.retryPendingSince))
    .limit(SWEEP_BATCH);
  let started = 0;
  for (const run of owing) {
    try {
      if (await startRetry({ ctx, input: { runId: run.id } })) started += 1;
    } catch (error) {
      ctx.log.error("a run's retry could not be started", { runId: run.id, error: describeError(error) });
    }
  }
  return { started };
}
