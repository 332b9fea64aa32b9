import { EVALUATION_CSV_COLUMNS, type EvaluationReport } from "@errand/contract";
import type { CallerVerbArgs } from "../caller.ts";
import { csvCell } from "../billing/usage-csv.ts";
import { requireRole } from "../workspaces/roles.ts";
import { evaluationReport } from "./evaluation-to-api.ts";
import { ownEvaluation } from "./own-evaluation.ts";

/** GET /evaluations/{id}/report: the report as JSON. */
export async function getEvaluationReport({ ctx, caller, input }: CallerVerbArgs<{ evaluationId: string }>): Promise<EvaluationReport> {
  requireRole(caller, "read");
  return evaluationReport(ctx.db, await ownEvaluation(ctx.db, caller, input.evaluationId));
}

/** GET /evaluations/{id}/report?format=csv: one line per case x model, with a file name for the download. */
export async function getEvaluationReportCsv(args: CallerVerbArgs<{ evaluationId: string }>): Promise<{ filename: string; csv: string }> {
  const report = await getEvaluationReport(args);
  return { filename: `evaluation-${args.input.evaluationId}.csv`, csv: reportCsv(report) };
}

export function reportCsv(report: EvaluationReport): string {
  const lines = report.cells.map((cell) => {
    const values: Record<(typeof EVALUATION_CSV_COLUMNS)[number], unknown> = {
      case: cell.case_index + 1,
      case_name: report.cases[cell.case_index]?.name,
      model: cell.model,
      state: cell.state,
      run_id: cell.run_id,
      status: cell.status,
      passed: cell.passed,
      verdict: cell.verdict,
      expected_match: cell.expected_match,
      failure_kind: cell.failure_kind,
      cost: cell.cost,
      tokens: cell.tokens,
      duration_ms: cell.duration_ms,
      steps: cell.steps,
      answer: cell.answer,
    };
    return EVALUATION_CSV_COLUMNS.map((column) => csvCell(values[column] == null ? "" : String(values[column]))).join(",");
  });
  return `${[EVALUATION_CSV_COLUMNS.join(","), ...lines].join("\r\n")}\r\n`;
}
