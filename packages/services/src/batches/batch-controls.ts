import { batchNotRunningMessage, type BatchStatus } from "@errand/contract";
import { batches, batchRows, tasksRuns } from "@errand/db";
import { and, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict } from "../errors.ts";
import { finishRun } from "../runs/finish-run.ts";
import { requireRole } from "../workspaces/roles.ts";
import { loadApiBatch } from "./batch-to-api.ts";
import { dispatchBatch } from "./dispatch-batch.ts";
import { callersBatch, ownBatch } from "./own-batch.ts";

type BatchArgs = CallerVerbArgs<{ batchId: string }>;

/** Moves the caller's batch from one of `from` to `to`; 409 naming its status otherwise. */
async function move({ ctx, caller, input }: BatchArgs, from: BatchStatus[], to: BatchStatus) {
  requireRole(caller, "run");
  const now = new Date();
  const [moved] = await ctx.db
    .update(batches)
    .set({ status: to, statusReason: null, updatedAt: now, ...(to === "cancelled" ? { finishedAt: now } : {}) })
    .where(and(callersBatch(caller, input.batchId), inArray(batches.status, from)))
    .returning({ id: batches.id });
  if (!moved) throw conflict(batchNotRunningMessage((await ownBatch(ctx.db, caller, input.batchId, { status: batches.status })).status));
  return moved.id;
}

/** POST /batches/{id}/pause: no further row starts; runs already pending go on. */
export async function pauseBatch(args: BatchArgs) {
  const id = await move(args, ["running"], "paused");
  return (await loadApiBatch(args.ctx.db, id))!;
}

/** POST /batches/{id}/resume: rows start again (also after the batch paused itself for credits). */
export async function resumeBatch(args: BatchArgs) {
  const id = await move(args, ["paused"], "running");
  await dispatchBatch(args.ctx, id);
  return (await loadApiBatch(args.ctx.db, id))!;
}

/** POST /batches/{id}/cancel: rows not started are skipped, and the runs still pending are cancelled. */
export async function cancelBatch(args: BatchArgs) {
  const { ctx } = args;
  const id = await move(args, ["running", "paused"], "cancelled");
  await ctx.db
    .update(batchRows)
    .set({ outcome: "skipped", reason: "The batch was cancelled before this row started.", updatedAt: new Date() })
    .where(and(eq(batchRows.batchId, id), isNull(batchRows.runId), isNull(batchRows.outcome)));
  const pending = await ctx.db
    .select({ runId: batchRows.runId })
    .from(batchRows)
    .innerJoin(tasksRuns, eq(tasksRuns.id, batchRows.runId))
    .where(and(eq(batchRows.batchId, id), isNull(batchRows.outcome), eq(tasksRuns.status, "pending")));
  for (const { runId } of pending) {
    await finishRun({ ctx, input: { runId: runId!, status: "cancelled", reason: "The batch was cancelled." } });
  }
  return (await loadApiBatch(ctx.db, id))!;
}

/**
 * POST /batches/{id}/rerun-failed: every row whose run ended without success (or that was
 * refused or skipped) gets a new run; the batch runs again until they have ended. Each new run
 * is an ordinary run; the row then links to it, and the old run stays in the task's history.
 */
export async function rerunFailedRows(args: BatchArgs) {
  const { ctx, caller, input } = args;
  requireRole(caller, "run");
  const batch = await ownBatch(ctx.db, caller, input.batchId, { id: batches.id, status: batches.status });
  if (batch.status === "running") throw conflict("The batch is still running: re-run failed rows once it has finished or is paused.");
  const now = new Date();
  const again = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(batchRows)
      .set({ runId: null, outcome: null, reason: null, updatedAt: now })
      .where(and(eq(batchRows.batchId, batch.id), isNotNull(batchRows.outcome), ne(batchRows.outcome, "success")))
      .returning({ id: batchRows.id });
    if (rows.length) {
      await tx
        .update(batches)
        .set({ status: "running", statusReason: null, finishedAt: null, updatedAt: now })
        .where(eq(batches.id, batch.id));
    }
    return rows.length;
  });
  if (!again) throw conflict("No row of this batch failed.");
  await dispatchBatch(ctx, batch.id);
  return (await loadApiBatch(ctx.db, batch.id))!;
}
