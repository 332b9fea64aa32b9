import { batches } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { sweepEach } from "../runs/start-in-turn.ts";
import { dispatchBatch } from "./dispatch-batch.ts";

/** The safety net over every running batch (runs/start-in-turn.ts, docs/adr/0041-batches.md). */
export async function sweepBatches({ ctx }: VerbArgs<Record<string, never>>): Promise<{ started: number }> {
  const running = await ctx.db.select({ id: batches.id }).from(batches).where(eq(batches.status, "running"));
  return sweepEach(ctx, running, dispatchBatch, { message: "a batch's rows could not be started", idField: "batchId" });
}

/** A batch's next rows, asked for when one of its runs ended (the batch queue's job). */
export async function wakeBatch({ ctx, input }: VerbArgs<{ batchId: string }>): Promise<{ started: number }> {
  return { started: (await dispatchBatch(ctx, input.batchId)).length };
}
