import { BATCH_ROW_OUTCOMES, type Batch, type BatchCounts, type BatchRow, type Verification } from "@errand/contract";
import { batches, batchRows, tasksRuns, type Db } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";

type BatchRecord = typeof batches.$inferSelect;

/** Rows per state and outcome, and what their runs were charged, for batches by id. */
async function progressOf(db: Queryable, batchId: string): Promise<{ counts: BatchCounts; cost: number }> {
  const found = await db
    .select({
      outcome: batchRows.outcome,
      started: sql<boolean>`${batchRows.runId} is not null`,
      n: sql<number>`count(*)::int`,
      cost: sql<number>`coalesce(sum(${tasksRuns.cost}), 0)::bigint`,
    })
    .from(batchRows)
    .leftJoin(tasksRuns, eq(tasksRuns.id, batchRows.runId))
    .where(eq(batchRows.batchId, batchId))
    .groupBy(batchRows.outcome, sql`${batchRows.runId} is not null`);
  const counts = { waiting: 0, running: 0, ...Object.fromEntries(BATCH_ROW_OUTCOMES.map((o) => [o, 0])) } as BatchCounts;
  let cost = 0;
  for (const group of found) {
    const bucket = group.outcome ?? (group.started ? "running" : "waiting");
    counts[bucket] += group.n;
    cost += Number(group.cost);
  }
  return { counts, cost };
}

export async function batchToApi(db: Queryable, batch: BatchRecord): Promise<Batch> {
  const { counts, cost } = await progressOf(db, batch.id);
  return {
    id: batch.id,
    task_id: batch.taskId,
    status: batch.status,
    status_reason: batch.statusReason,
    concurrency: batch.concurrency,
    inputs: batch.inputs,
    total_rows: batch.totalRows,
    counts,
    cost,
    created_by: batch.userId,
    created_at: batch.createdAt.toISOString(),
    finished_at: batch.finishedAt?.toISOString() ?? null,
  };
}

/** The batch as the API shows it, or null when it is gone. */
export async function loadApiBatch(db: Db, batchId: string): Promise<Batch | null> {
  const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
  return batch ? batchToApi(db, batch) : null;
}

export type RowWithRun = {
  row: typeof batchRows.$inferSelect;
  result: string | null;
  verification: Verification | null;
  cost: number | null;
};

export function batchRowToApi({ row, result, verification, cost }: RowWithRun): BatchRow {
  return {
    index: row.index,
    params: row.params,
    idempotency_key: row.idempotencyKey,
    state: row.outcome ? "done" : row.runId ? "running" : "waiting",
    outcome: row.outcome,
    reason: row.reason,
    run_id: row.runId,
    result,
    verdict: verification?.verdict ?? null,
    cost,
  };
}
