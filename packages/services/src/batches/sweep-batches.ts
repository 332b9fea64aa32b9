import { batches } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { describeError } from "../logging/describe-error.ts";
import { dispatchBatch } from "./dispatch-batch.ts";

/**
 * The safety net (docs/adr/0041-batches.md): starts what every running batch may start now, and
 * finishes those whose rows have all ended. Run every minute from pg-boss's cron and when a
 * worker starts, so rows left by a process that stopped between a run's end and the next row's
 * start are picked up. One batch's fault does not stop the others.
 */
export async function sweepBatches({ ctx }: VerbArgs<Record<string, never>>): Promise<{ started: number }> {
  const running = await ctx.db.select({ id: batches.id }).from(batches).where(eq(batches.status, "running"));
  let started = 0;
  for (const batch of running) {
    try {
      started += (await dispatchBatch(ctx, batch.id)).length;
    } catch (error) {
      ctx.log.error("a batch's rows could not be started", { batchId: batch.id, error: describeError(error) });
    }
  }
  return { started };
}

/** A batch's next rows, asked for when one of its runs ended (the batch queue's job). */
export async function wakeBatch({ ctx, input }: VerbArgs<{ batchId: string }>): Promise<{ started: number }> {
  return { started: (await dispatchBatch(ctx, input.batchId)).length };
}
