import type { EvaluationDetail, EvaluationList } from "@errand/contract";
import { evaluations } from "@errand/db";
import { desc, eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { requireRole } from "../workspaces/roles.ts";
import { buildReport } from "./build-report.ts";
import { cellRecordsOf, evaluationDetailToApi, summaryOf } from "./evaluation-to-api.ts";
import { ownEvaluation } from "./own-evaluation.ts";

/**
 * The workspace's evaluations, newest first: the latest 100, each with its counts, cost and
 * per-model figures, from one query for all their cells (not one report per evaluation).
 */
export async function listEvaluations({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<EvaluationList> {
  requireRole(caller, "read");
  const found = await ctx.db
    .select()
    .from(evaluations)
    .where(eq(evaluations.workspaceId, caller.workspaceId))
    .orderBy(desc(evaluations.createdAt))
    .limit(100);
  const cells = await cellRecordsOf(
    ctx.db,
    found.map((evaluation) => evaluation.id),
    false,
  );
  return {
    evaluations: found.map((evaluation) =>
      summaryOf(evaluation, buildReport(evaluation.suite, evaluation.models, cells.get(evaluation.id)!)),
    ),
  };
}

/** One evaluation with its progress and its report so far. */
export async function getEvaluation({ ctx, caller, input }: CallerVerbArgs<{ evaluationId: string }>): Promise<EvaluationDetail> {
  requireRole(caller, "read");
  return evaluationDetailToApi(ctx.db, await ownEvaluation(ctx.db, caller, input.evaluationId));
}
