import { createBatchSchema, promptInputNames, rowKeyTakenMessage, type CreateBatch } from "@errand/contract";
import { batches, batchRows, tasks } from "@errand/db";
import { and, eq, inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { CallerVerbArgs } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { isUniqueViolation } from "../credentials/name-taken.ts";
import { conflict } from "../errors.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { ownTask } from "../tasks/own-task.ts";
import { requireRole } from "../workspaces/roles.ts";
import { loadApiBatch } from "./batch-to-api.ts";
import { rowsForInputs, type RowInput } from "./batch-rows-input.ts";
import { dispatchBatch } from "./dispatch-batch.ts";

/**
 * POST /tasks/{id}/batches: a batch of the task's runs, one per row (docs/adr/0041-batches.md).
 * Every row is checked against the prompt's `{{inputs}}` before anything is written. A batch
 * sent again with its idempotency key, or with exactly the row keys of an earlier batch, answers
 * that batch and starts nothing; row keys used by another batch are refused with 409.
 */
export async function createBatch({ ctx, caller, input }: CallerVerbArgs<{ taskId: string; batch: CreateBatch }>) {
  requireRole(caller, "run");
  const body = parseOrThrow(createBatchSchema, input.batch);
  const task = await ownTask(ctx.db, caller, input.taskId, { id: tasks.id, prompt: tasks.prompt });
  const inputs = promptInputNames(task.prompt);
  const rows = rowsForInputs(inputs, body.rows);
  const earlier = await earlierBatch(ctx, caller.workspaceId, body.idempotency_key, rows);
  if (earlier) return (await loadApiBatch(ctx.db, earlier))!;
  const id = randomUUID();
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(batches).values({
        id,
        taskId: task.id,
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        apiKeyId: caller.apiKeyId ?? null,
        concurrency: body.concurrency,
        inputs,
        totalRows: rows.length,
        idempotencyKey: body.idempotency_key ?? null,
      });
      await tx.insert(batchRows).values(
        rows.map((row, index) => ({
          batchId: id,
          workspaceId: caller.workspaceId,
          index,
          params: row.params,
          idempotencyKey: row.key ?? `${id}:${index}`,
        })),
      );
    });
  } catch (error) {
    // The same batch sent twice at once: the one that lost the race answers the winner's.
    if (!isUniqueViolation(error)) throw error;
    const winner = await earlierBatch(ctx, caller.workspaceId, body.idempotency_key, rows);
    if (!winner) throw error;
    return (await loadApiBatch(ctx.db, winner))!;
  }
  await dispatchBatch(ctx, id);
  return (await loadApiBatch(ctx.db, id))!;
}

/** The batch this one repeats (same batch key, or the same row keys), or null; 409 when row keys are another batch's. */
async function earlierBatch(ctx: ServiceContext, workspaceId: string, key: string | undefined, rows: RowInput[]): Promise<string | null> {
  if (key) {
    const [same] = await ctx.db
      .select({ id: batches.id })
      .from(batches)
      .where(and(eq(batches.workspaceId, workspaceId), eq(batches.idempotencyKey, key)));
    if (same) return same.id;
  }
  const keys = rows.flatMap((row) => (row.key === null ? [] : [row.key]));
  if (!keys.length) return null;
  const used = await ctx.db
    .select({ batchId: batchRows.batchId, key: batchRows.idempotencyKey })
    .from(batchRows)
    .where(and(eq(batchRows.workspaceId, workspaceId), inArray(batchRows.idempotencyKey, keys)));
  if (!used.length) return null;
  const batchIds = new Set(used.map((u) => u.batchId));
  const [only] = batchIds;
  if (batchIds.size === 1 && used.length === rows.length && keys.length === rows.length) {
    const [batch] = await ctx.db.select({ total: batches.totalRows }).from(batches).where(eq(batches.id, only!));
    if (batch?.total === rows.length) return only!;
  }
  throw conflict(rowKeyTakenMessage(used[0]!.key));
}
