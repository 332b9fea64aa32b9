import {
  evaluationCaseName,
  type EvaluationCell,
  type EvaluationCellState,
  type EvaluationModelSummary,
  type EvaluationReport,
  type EvaluationSuite,
  type FailureKind,
  type RunStatus,
  type Verification,
} from "@errand/contract";
import { expectedMatches } from "./expected-match.ts";

/** A cell as read from the database: its place, how it ended, and its run's figures when it has one. */
export interface CellRecord {
  caseIndex: number;
  model: string;
  runId: string | null;
  outcome: string | null;
  reason: string | null;
  run: {
    status: RunStatus;
    result: string | null;
    statusReason: string | null;
    failureKind: FailureKind | null;
    verification: Verification | null;
    cost: number | null;
    inputTokens: number;
    outputTokens: number;
    executionTime: number | null;
    steps: number;
  } | null;
}

/**
 * The report of an evaluation (docs/adr/0044-evaluations.md): one cell per case x model, and per
 * model its success rate, verdicts, cost, tokens, times and failure kinds. A cell passes when its
 * run succeeded, its verdict is not fail and its answer holds `expected` (when the case has one).
 */
export function buildReport(suite: EvaluationSuite, models: readonly string[], records: readonly CellRecord[]): EvaluationReport {
  const cells = records.map((record) => toCell(suite, record));
  return {
    models: models.map((model) =>
      summarize(
        model,
        cells.filter((cell) => cell.model === model),
      ),
    ),
    cases: suite.cases.map((c, index) => ({
      index,
      name: evaluationCaseName(c.name, index),
      prompt: c.prompt,
      start_url: c.start_url ?? null,
      expected: c.expected ?? null,
    })),
    cells,
  };
}

function stateOf(record: CellRecord): EvaluationCellState {
  if (record.outcome === "skipped" || record.outcome === "refused") return record.outcome;
  if (record.outcome) return "done";
  return record.runId ? "running" : "waiting";
}

function toCell(suite: EvaluationSuite, record: CellRecord): EvaluationCell {
  const state = stateOf(record);
  const run = record.run;
  const expected = suite.cases[record.caseIndex]?.expected;
  const done = state === "done" && run !== null;
  const expectedMatch = expected === undefined || !done ? null : expectedMatches(expected, run.result);
  const verdict = run?.verification?.verdict ?? null;
  const passed =
    state === "waiting" || state === "running" ? null : done && run.status === "success" && verdict !== "fail" && expectedMatch !== false;
  return {
    case_index: record.caseIndex,
    model: record.model,
    state,
    run_id: record.runId,
    status: run?.status ?? null,
    passed,
    verdict,
    expected_match: expectedMatch,
    answer: run?.result ?? null,
    reason: record.reason ?? run?.statusReason ?? null,
    failure_kind: passed === false ? failureKindOf(state, run, expectedMatch) : null,
    cost: run?.cost ?? null,
    tokens: run ? run.inputTokens + run.outputTokens : null,
    duration_ms: run?.executionTime == null ? null : Math.round(run.executionTime * 1000),
    steps: run ? run.steps : null,
  };
}

/**
 * Why a cell did not pass: its run's failure kind; a run that succeeded but whose answer missed
 * `expected` counts as verification_failed (the evaluation's own check failed); a skipped cell as
 * cancelled and a refused one as setup_problem.
 */
function failureKindOf(state: EvaluationCellState, run: CellRecord["run"], expectedMatch: boolean | null): FailureKind {
  if (state === "skipped") return "cancelled";
  if (state === "refused" || !run) return "setup_problem";
  if (run.failureKind) return run.failureKind;
  return expectedMatch === false || run.verification?.verdict === "fail" ? "verification_failed" : "unknown";
}

function summarize(model: string, cells: EvaluationCell[]): EvaluationModelSummary {
  const ended = cells.filter((cell) => cell.passed !== null);
  const ran = ended.filter((cell) => cell.state === "done");
  const passed = ended.filter((cell) => cell.passed).length;
  const verdicts = { pass: 0, fail: 0, unsure: 0, none: 0 };
  const failureKinds: Partial<Record<FailureKind, number>> = {};
  for (const cell of ended) {
    verdicts[cell.verdict ?? "none"]++;
    if (cell.failure_kind) failureKinds[cell.failure_kind] = (failureKinds[cell.failure_kind] ?? 0) + 1;
  }
  const costs = numbers(ran.map((cell) => cell.cost));
  const tokens = numbers(ran.map((cell) => cell.tokens));
  const stepTimes = numbers(ran.map((cell) => (cell.duration_ms !== null && cell.steps ? cell.duration_ms / cell.steps : null)));
  return {
    model,
    cases: cells.length,
    ended: ended.length,
    passed,
    success_rate: ended.length ? passed / ended.length : null,
    verdicts,
    cost_mean: mean(costs),
    cost_median: median(costs),
    tokens_mean: mean(tokens),
    tokens_median: median(tokens),
    duration_ms_mean: mean(numbers(ran.map((cell) => cell.duration_ms))),
    step_ms_mean: mean(stepTimes),
    failure_kinds: failureKinds,
  };
}

const numbers = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
