import { taskSchedules, tasks } from "@errand/db";
import { and, asc, eq, lte } from "drizzle-orm";
import type { ServiceContext, VerbArgs } from "../context.ts";
import { ServiceError } from "../errors.ts";
import { describeError } from "../logging/describe-error.ts";
import { enqueueOrFail } from "../runs/enqueue-or-fail.ts";
import { insertRunWithHold, lockAccountRuns, type InsertedRun } from "../runs/insert-run.ts";
import { taskColumns } from "../runs/task-columns.ts";
import { slotAfter } from "./schedule-slots.ts";
import { skippedSlotMessage } from "./skipped-slot-message.ts";

/** Schedules looked at per tick; the rest wait for the next one. */
const BATCH = 100;
/** Refusals that skip a slot; anything else is a fault, retried at the next tick. */
const SKIPPING = new Set(["insufficient_credits", "spending_limit_reached", "too_many_runs"]);

type Outcome = { kind: "created"; inserted: InsertedRun } | { kind: "skipped" } | { kind: "taken" };

/**
 * One due schedule, in its own transaction. The account's run lock comes first (the order task
 * deletion and run creation use), then the schedule row FOR UPDATE SKIP LOCKED, re-checked as
 * due: a tick in another process that got there first has already moved next_run_at past now,
 * so the slot creates exactly one run. next_run_at becomes the first slot after now, whatever
 * was missed.
 */
async function runSlot(ctx: ServiceContext, due: { id: string; userId: string | null; workspaceId: string }, now: Date): Promise<Outcome> {
  return ctx.db.transaction(async (tx) => {
    await lockAccountRuns(tx, due.userId, due.workspaceId);
    const [schedule] = await tx
      .select()
      .from(taskSchedules)
      .where(and(eq(taskSchedules.id, due.id), eq(taskSchedules.paused, false), lte(taskSchedules.nextRunAt, now)))
      .for("update", { skipLocked: true });
    if (!schedule?.nextRunAt) return { kind: "taken" };
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, schedule.taskId)).for("key share");
    if (!task) return { kind: "taken" };
    const next = { nextRunAt: slotAfter(schedule.cron, schedule.timeZone, now), updatedAt: now };
    try {
      const inserted = await insertRunWithHold(tx, ctx, {
        userId: task.userId,
        workspaceId: task.workspaceId,
        taskId: task.id,
        columns: taskColumns(task),
      });
      await tx
        .update(taskSchedules)
        .set({ ...next, lastRunAt: now, lastRunId: inserted.run.id, lastError: null })
        .where(eq(taskSchedules.id, schedule.id));
      return { kind: "created", inserted };
    } catch (error) {
      // insertRunWithHold refuses before writing anything: the transaction is still good.
      if (!(error instanceof ServiceError) || !SKIPPING.has(error.code)) throw error;
      const lastError = skippedSlotMessage(schedule.nextRunAt, schedule.timeZone, error, ctx.config.pendingRunsPerAccount);
      await tx
        .update(taskSchedules)
        .set({ ...next, lastError })
        .where(eq(taskSchedules.id, schedule.id));
      return { kind: "skipped" };
    }
  });
}

/**
 * The scheduler's tick: every schedule due at `now` creates one ordinary run of its task (its
 * saved settings, billed and limited like any run), queued after its transaction commits. Any
 * number of processes may tick at once.
 */
export async function runDueSchedules({ ctx, input }: VerbArgs<{ now?: Date }>): Promise<{ created: string[]; skipped: number }> {
  const now = input.now ?? new Date();
  const due = await ctx.db
    .select({ id: taskSchedules.id, userId: taskSchedules.userId, workspaceId: taskSchedules.workspaceId })
    .from(taskSchedules)
    .where(and(eq(taskSchedules.paused, false), lte(taskSchedules.nextRunAt, now)))
    .orderBy(asc(taskSchedules.nextRunAt))
    .limit(BATCH);
  const created: string[] = [];
  let skipped = 0;
  for (const schedule of due) {
    try {
      const outcome = await runSlot(ctx, schedule, now);
      if (outcome.kind === "skipped") skipped += 1;
      if (outcome.kind !== "created") continue;
      // Committed: the run exists even if the queue refuses it (it then ends as error).
      const run = await enqueueOrFail(ctx, outcome.inserted);
      created.push(run.id);
      ctx.log.info("scheduled run created", { scheduleId: schedule.id, runId: run.id });
    } catch (error) {
      ctx.log.error("a schedule's run could not be created", { scheduleId: schedule.id, error: describeError(error) });
    }
  }
  return { created, skipped };
}
