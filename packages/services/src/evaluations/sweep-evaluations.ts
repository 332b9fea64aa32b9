import { evaluations } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { sweepEach } from "../runs/start-in-turn.ts";
import { dispatchEvaluation } from "./dispatch-evaluation.ts";

/**
 * The safety net over every running evaluation, run with the batches' sweep (runs/start-in-turn.ts,
 * docs/adr/0041-batches.md, docs/adr/0044-evaluations.md).
 */
export async function sweepEvaluations({ ctx }: VerbArgs<Record<string, never>>): Promise<{ started: number }> {
  const running = await ctx.db.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.status, "running"));
  return sweepEach(ctx, running, dispatchEvaluation, { message: "an evaluation's cells could not be started", idField: "evaluationId" });
}

/** An evaluation's next cells, asked for when one of its runs ended. */
export async function wakeEvaluation({ ctx, input }: VerbArgs<{ evaluationId: string }>): Promise<{ started: number }> {
  return { started: (await dispatchEvaluation(ctx, input.evaluationId)).length };
}
