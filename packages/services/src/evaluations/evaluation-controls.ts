import type { EvaluationDetail } from "@errand/contract";
import { evaluationCells, evaluations, tasksRuns } from "@errand/db";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { conflict } from "../errors.ts";
import { finishRun } from "../runs/finish-run.ts";
import { requireRole } from "../workspaces/roles.ts";
import { loadEvaluationDetail } from "./evaluation-to-api.ts";
import { callersEvaluation, ownEvaluation } from "./own-evaluation.ts";

type EvaluationArgs = CallerVerbArgs<{ evaluationId: string }>;

/** POST /evaluations/{id}/cancel: cells not started are skipped, and the runs still pending are cancelled. */
export async function cancelEvaluation({ ctx, caller, input }: EvaluationArgs): Promise<EvaluationDetail> {
  requireRole(caller, "run");
  const now = new Date();
  const [moved] = await ctx.db
    .update(evaluations)
    .set({ status: "cancelled", finishedAt: now, updatedAt: now })
    .where(and(callersEvaluation(caller, input.evaluationId), eq(evaluations.status, "running")))
    .returning({ id: evaluations.id });
  if (!moved) {
    const { status } = await ownEvaluation(ctx.db, caller, input.evaluationId);
    throw conflict(`The evaluation is ${status}.`);
  }
  await ctx.db
    .update(evaluationCells)
    .set({ outcome: "skipped", reason: "The evaluation was cancelled before this case started.", updatedAt: now })
    .where(and(eq(evaluationCells.evaluationId, moved.id), isNull(evaluationCells.runId), isNull(evaluationCells.outcome)));
  await cancelPendingRuns(ctx, moved.id, "The evaluation was cancelled.");
  return (await loadEvaluationDetail(ctx.db, moved.id))!;
}

/**
 * DELETE /evaluations/{id}: the evaluation and its report go; its runs still pending are
 * cancelled first, and its ended runs stay in its task's history.
 */
export async function deleteEvaluation({ ctx, caller, input }: EvaluationArgs): Promise<void> {
  requireRole(caller, "run");
  const evaluation = await ownEvaluation(ctx.db, caller, input.evaluationId);
  await ctx.db.update(evaluations).set({ status: "cancelled", updatedAt: new Date() }).where(eq(evaluations.id, evaluation.id));
  await cancelPendingRuns(ctx, evaluation.id, "The evaluation was deleted.");
  await ctx.db.delete(evaluations).where(eq(evaluations.id, evaluation.id));
}

async function cancelPendingRuns(ctx: ServiceContext, evaluationId: string, reason: string): Promise<void> {
  const pending = await ctx.db
    .select({ runId: tasksRuns.id })
    .from(tasksRuns)
    .where(and(eq(tasksRuns.evaluationId, evaluationId), inArray(tasksRuns.status, ["pending"])));
  for (const { runId } of pending) await finishRun({ ctx, input: { runId, status: "cancelled", reason } });
}
