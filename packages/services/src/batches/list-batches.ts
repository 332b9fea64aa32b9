import { batches, batchRows, tasksRuns } from "@errand/db";
import { and, asc, desc, eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { requireRole } from "../workspaces/roles.ts";
import { batchRowToApi, batchToApi } from "./batch-to-api.ts";
import { ownBatch } from "./own-batch.ts";

/** The workspace's batches (or one task's), newest first: the latest 100. */
export async function listBatches({ ctx, caller, input }: CallerVerbArgs<{ taskId?: string }>) {
  requireRole(caller, "read");
  const found = await ctx.db
    .select()
    .from(batches)
    .where(and(eq(batches.workspaceId, caller.workspaceId), input.taskId ? eq(batches.taskId, input.taskId) : undefined))
    .orderBy(desc(batches.createdAt))
    .limit(100);
  return { batches: await Promise.all(found.map((batch) => batchToApi(ctx.db, batch))) };
}

/** One batch with its progress. */
export async function getBatch({ ctx, caller, input }: CallerVerbArgs<{ batchId: string }>) {
  requireRole(caller, "read");
  return batchToApi(ctx.db, await ownBatch(ctx.db, caller, input.batchId));
}

/** A page of a batch's rows in order, each with its run's id, answer and charge. */
export async function listBatchRows({ ctx, caller, input }: CallerVerbArgs<{ batchId: string; offset: number; limit: number }>) {
  requireRole(caller, "read");
  const batch = await ownBatch(ctx.db, caller, input.batchId, { id: batches.id, total: batches.totalRows });
  const rows = await ctx.db
    .select({ row: batchRows, result: tasksRuns.result, verification: tasksRuns.verification, cost: tasksRuns.cost })
    .from(batchRows)
    .leftJoin(tasksRuns, eq(tasksRuns.id, batchRows.runId))
    .where(eq(batchRows.batchId, batch.id))
    .orderBy(asc(batchRows.index))
    .offset(input.offset)
    .limit(input.limit);
  const next = input.offset + rows.length;
  return { rows: rows.map(batchRowToApi), total: batch.total, next_offset: next < batch.total ? next : null };
}
