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

/** The evaluation's cells in order (by case, then model), each with its run's figures and step count. */
async function cellRecords(db: Queryable, evaluationId: string): Promise<CellRecord[]> {
  const rows = await db
    .select({ cell: evaluationCells, run: tasksRuns })
    .from(evaluationCells)
    .leftJoin(tasksRuns, eq(tasksRuns.id, evaluationCells.runId))
    .where(eq(evaluationCells.evaluationId, evaluationId))
    .orderBy(asc(evaluationCells.caseIndex), asc(evaluationCells.modelIndex));
  const runIds = rows.flatMap(({ cell }) => (cell.runId ? [cell.runId] : []));
  const stepCounts = runIds.length
    ? await db.select({ runId: steps.taskRunId, n: count() }).from(steps).where(inArray(steps.taskRunId, runIds)).groupBy(steps.taskRunId)
    : [];
  const stepsOf = new Map(stepCounts.map((s) => [s.runId, s.n]));
  return rows.map(({ cell, run }) => ({
    caseIndex: cell.caseIndex,
    model: cell.model,
    runId: cell.runId,
    outcome: cell.outcome,
    reason: cell.reason,
    run: run && {
      status: run.status,
      result: run.result,
      statusReason: run.statusReason,
      failureKind: run.failureKind,
      verification: run.verification ?? null,
      cost: run.cost,
      inputTokens: run.inputTokens,
      outputTokens: run.outputTokens,
      executionTime: run.executionTime,
      steps: stepsOf.get(run.id) ?? 0,
    },
  }));
}

function countsOf(report: EvaluationReport): EvaluationCounts {
  const counts = Object.fromEntries(EVALUATION_CELL_STATES.map((s) => [s, 0])) as EvaluationCounts;
  for (const cell of report.cells) counts[cell.state]++;
  return counts;
}

function summaryOf(evaluation: EvaluationRecord, report: EvaluationReport): Evaluation {
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
    shared: evaluation.shareToken !== null,
    created_by: evaluation.userId,
    created_at: evaluation.createdAt.toISOString(),
    finished_at: evaluation.finishedAt?.toISOString() ?? null,
  };
}

export async function evaluationReport(db: Queryable, evaluation: EvaluationRecord): Promise<EvaluationReport> {
  return buildReport(evaluation.suite, evaluation.models, await cellRecords(db, evaluation.id));
}

/** The evaluation as a list shows it. */
export async function evaluationToApi(db: Queryable, evaluation: EvaluationRecord): Promise<Evaluation> {
  return summaryOf(evaluation, await evaluationReport(db, evaluation));
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
