import {
  EVALUATION_CELL_STATES,
  type Evaluation,
  type EvaluationCounts,
  type EvaluationDetail,
  type EvaluationReport,
  type SharedEvaluation,
} from "@errand/contract";
import { evaluationCells, evaluations, steps, tasksRuns } from "@errand/db";
import { asc, count, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";
import { buildReport, type CellRecord } from "./build-report.ts";

export type EvaluationRecord = typeof evaluations.$inferSelect;

/** A run's figures the report reads (not its whole row: a list reads them for up to 100 evaluations). */
const runFigures = {
  id: tasksRuns.id,
  status: tasksRuns.status,
  result: tasksRuns.result,
  statusReason: tasksRuns.statusReason,
  failureKind: tasksRuns.failureKind,
  verification: tasksRuns.verification,
  cost: tasksRuns.cost,
  inputTokens: tasksRuns.inputTokens,
  outputTokens: tasksRuns.outputTokens,
  executionTime: tasksRuns.executionTime,
};

/**
 * The cells of these evaluations in order (by case, then model), each with its run's figures, in
 * one query; step counts only when asked (the report's time per step), in one more.
 */
export async function cellRecordsOf(db: Queryable, evaluationIds: string[], withSteps: boolean): Promise<Map<string, CellRecord[]>> {
  const byEvaluation = new Map<string, CellRecord[]>(evaluationIds.map((id) => [id, []]));
  if (!evaluationIds.length) return byEvaluation;
  const rows = await db
    .select({ cell: evaluationCells, run: runFigures })
    .from(evaluationCells)
    .leftJoin(tasksRuns, eq(tasksRuns.id, evaluationCells.runId))
    .where(inArray(evaluationCells.evaluationId, evaluationIds))
    .orderBy(asc(evaluationCells.caseIndex), asc(evaluationCells.modelIndex));
  const runIds = rows.flatMap(({ run }) => (run ? [run.id] : []));
  const stepCounts =
    withSteps && runIds.length
      ? await db.select({ runId: steps.taskRunId, n: count() }).from(steps).where(inArray(steps.taskRunId, runIds)).groupBy(steps.taskRunId)
      : [];
  const stepsOf = new Map(stepCounts.map((s) => [s.runId, s.n]));
  for (const { cell, run } of rows) {
    byEvaluation.get(cell.evaluationId)!.push({
      caseIndex: cell.caseIndex,
      model: cell.model,
      runId: cell.runId,
      outcome: cell.outcome,
      reason: cell.reason,
      run: run && { ...run, verification: run.verification ?? null, steps: stepsOf.get(run.id) ?? 0 },
    });
  }
  return byEvaluation;
}

function countsOf(report: EvaluationReport): EvaluationCounts {
  const counts = Object.fromEntries(EVALUATION_CELL_STATES.map((s) => [s, 0])) as EvaluationCounts;
  for (const cell of report.cells) counts[cell.state]++;
  return counts;
}

/** The evaluation as a list shows it, from its report (which may lack step counts: nothing here reads them). */
export function summaryOf(evaluation: EvaluationRecord, report: EvaluationReport): Evaluation {
  return {
    id: evaluation.id,
    name: evaluation.name,
    description: evaluation.description,
    status: evaluation.status,
    models: evaluation.models,
    concurrency: evaluation.concurrency,
    total_cases: evaluation.totalCases,
    total_cells: report.cells.length,
    counts: countsOf(report),
    cost: report.cells.reduce((sum, cell) => sum + (cell.cost ?? 0), 0),
    by_model: report.models.map(({ model, cases, ended, passed, success_rate }) => ({ model, cases, ended, passed, success_rate })),
    shared: evaluation.shareToken !== null,
    created_by: evaluation.userId,
    created_at: evaluation.createdAt.toISOString(),
    finished_at: evaluation.finishedAt?.toISOString() ?? null,
  };
}

export async function evaluationReport(db: Queryable, evaluation: EvaluationRecord): Promise<EvaluationReport> {
  const records = await cellRecordsOf(db, [evaluation.id], true);
  return buildReport(evaluation.suite, evaluation.models, records.get(evaluation.id)!);
}

/** The evaluation with its suite and its report so far. */
export async function evaluationDetailToApi(db: Queryable, evaluation: EvaluationRecord): Promise<EvaluationDetail> {
  const report = await evaluationReport(db, evaluation);
  return { ...summaryOf(evaluation, report), suite: evaluation.suite, report };
}

/** What a share link shows: the report, without who made it or anything of the account. */
export async function sharedEvaluationToApi(db: Queryable, evaluation: EvaluationRecord): Promise<SharedEvaluation> {
  const report = await evaluationReport(db, evaluation);
  return {
    name: evaluation.name,
    description: evaluation.description,
    status: evaluation.status,
    models: evaluation.models,
    counts: countsOf(report),
    created_at: evaluation.createdAt.toISOString(),
    finished_at: evaluation.finishedAt?.toISOString() ?? null,
    report,
  };
}

/** The evaluation with its report, or null when it is gone. */
export async function loadEvaluationDetail(db: Queryable, evaluationId: string): Promise<EvaluationDetail | null> {
  const [evaluation] = await db.select().from(evaluations).where(eq(evaluations.id, evaluationId));
  return evaluation ? evaluationDetailToApi(db, evaluation) : null;
}
