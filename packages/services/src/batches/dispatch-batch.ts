import { fillPrompt } from "@errand/contract";
import { batches, batchRows, taskRecordings, tasks } from "@errand/db";
import { and, asc, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../errors.ts";
import type { Queryable } from "../ownership.ts";
import { insertRunWithHold, startedAs } from "../runs/insert-run.ts";
import { nextInGroup, NOTHING_TO_START, startInTurn, type NextStart } from "../runs/start-in-turn.ts";
import { taskColumns } from "../runs/task-columns.ts";
import { finishBatchIfDone } from "./finish-batch.ts";

/** Refusals that pause the batch until a person acts (credits bought, limit raised), with their words. */
const PAUSING = new Set(["insufficient_credits", "spending_limit_reached"]);

/**
 * Starts the batch's next rows until `concurrency` of them have runs pending
 * (docs/adr/0041-batches.md). Called when a batch is made or resumed, when one of its runs
 * ends, and by the periodic sweep, in any process and as often as wanted: each row is started
 * in its own transaction under the batch's row lock, so no row is started twice. Each row is an
 * ordinary run of the task (held, charged and capped; the queue's fair order keeps other
 * accounts' runs moving). A refusal for the pending-run limit leaves the row for later.
 */
export async function dispatchBatch(ctx: ServiceContext, batchId: string): Promise<string[]> {
  return startInTurn(ctx, () => startNextRow(ctx, batchId));
}

async function startNextRow(ctx: ServiceContext, batchId: string): Promise<NextStart> {
  return nextInGroup(ctx, batches, batchId, async (tx, batch) => {
    const running = await countRows(tx, batchId, "running");
    if (running >= (await slotsNow(tx, batch))) return NOTHING_TO_START;
    const [row] = await tx
      .select()
      .from(batchRows)
      .where(and(eq(batchRows.batchId, batchId), isNull(batchRows.runId), isNull(batchRows.outcome)))
      .orderBy(asc(batchRows.index))
      .limit(1);
    if (!row) {
      if (running === 0) await finishBatchIfDone(tx, batch);
      return NOTHING_TO_START;
    }
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, batch.taskId)).for("key share");
    if (!task) return NOTHING_TO_START;
    try {
      const inserted = await insertRunWithHold(tx, ctx, {
        ...startedAs(batch),
        columns: { ...taskColumns(task), prompt: fillPrompt(task.prompt, row.params) },
        batchId,
      });
      await tx.update(batchRows).set({ runId: inserted.run.id, updatedAt: new Date() }).where(eq(batchRows.id, row.id));
      return { kind: "started", inserted };
    } catch (error) {
      // insertRunWithHold refuses before writing anything: the transaction is still good.
      if (!(error instanceof ServiceError)) throw error;
      if (PAUSING.has(error.code)) {
        await tx
          .update(batches)
          .set({ status: "paused", statusReason: error.message, updatedAt: new Date() })
          .where(eq(batches.id, batchId));
      } else if (error.code !== "too_many_runs") {
        await tx
          .update(batchRows)
          .set({ outcome: "refused", reason: error.message, updatedAt: new Date() })
          .where(eq(batchRows.id, row.id));
        return { kind: "refused" };
      }
      return NOTHING_TO_START;
    }
  });
}

/**
 * How many rows may run now: the batch's concurrency, but one alone while the task has no
 * recording and no row has ended, so the first row records and the rest replay (ADR 0009).
 */
async function slotsNow(tx: Queryable, batch: typeof batches.$inferSelect): Promise<number> {
  const [task] = await tx.select({ agentOnly: tasks.alwaysUseAgent }).from(tasks).where(eq(tasks.id, batch.taskId));
  if (!task || task.agentOnly) return batch.concurrency;
  const [recording] = await tx
    .select({ id: taskRecordings.id })
    .from(taskRecordings)
    .where(eq(taskRecordings.taskId, batch.taskId))
    .limit(1);
  if (recording) return batch.concurrency;
  return (await countRows(tx, batch.id, "ended")) > 0 ? batch.concurrency : 1;
}

/** Rows whose run is pending, or rows that have ended. */
export async function countRows(tx: Queryable, batchId: string, which: "running" | "ended"): Promise<number> {
  const where =
    which === "running"
      ? and(eq(batchRows.batchId, batchId), isNotNull(batchRows.runId), isNull(batchRows.outcome))
      : and(eq(batchRows.batchId, batchId), isNotNull(batchRows.outcome));
  const [found] = await tx.select({ n: count() }).from(batchRows).where(where);
  return found?.n ?? 0;
}
