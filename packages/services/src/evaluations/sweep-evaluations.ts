import { evaluations } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { describeError } from "../logging/describe-error.ts";
import { dispatchEvaluation } from "./dispatch-evaluation.ts";

/**
 * The safety net, as for batches (docs/adr/0041-batches.md): starts what every running
 * evaluation may start now and finishes those whose cells have all ended. Run with the batches'
 * sweep (every minute, and when a worker starts). One evaluation's fault does not stop the others.
 */
export async function sweepEvaluations({ ctx }: VerbArgs<Record<string, never>>): Promise<{ started: number }> {
  const running = await ctx.db.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.status, "running"));
  let started = 0;
  for (const evaluation of running) {
    try {
      started += (await dispatchEvaluation(ctx, evaluation.id)).length;
    } catch (error) {
      ctx.log.error("an evaluation's cells could not be started", { evaluationId: evaluation.id, error: describeError(error) });
    }
  }
  return { started };
}

/** An evaluation's next cells, asked for when one of its runs ended. */
export async function wakeEvaluation({ ctx, input }: VerbArgs<{ evaluationId: string }>): Promise<{ started: number }> {
  return { started: (await dispatchEvaluation(ctx, input.evaluationId)).length };
}
