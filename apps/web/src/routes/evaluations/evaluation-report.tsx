import type { EvaluationCounts, EvaluationDetail, EvaluationReport, EvaluationStatus } from "@errand/contract";
import { Card, CardContent } from "../../components/ui/card";
import { formatDateTime } from "../../lib/format/display-format";
import { CaseGrid } from "./case-grid";
import { endedCells, progressLabel } from "./evaluation-display";
import { EvaluationStatusBadge, RunsEndedBar } from "./evaluation-status";
import { ModelComparison } from "./model-comparison";

interface EvaluationReportViewProps {
  status: EvaluationStatus;
  counts: EvaluationCounts;
  report: EvaluationReport;
  /** Where a cell's run opens; null on a shared report. */
  runHref: ((runId: string) => string) | null;
}

/** The progress, the models compared and the case x model grid: the owner's page and the shared page show the same. */
export function EvaluationReportView({ status, counts, report, runHref }: EvaluationReportViewProps) {
  return (
    <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6">
      <Progress status={status} counts={counts} total={report.cells.length} />
      <ModelComparison models={report.models} />
      <CaseGrid report={report} runHref={runHref} />
    </div>
  );
}

const COUNT_WORDS: [keyof EvaluationCounts, string][] = [
  ["running", "running"],
  ["waiting", "waiting"],
  ["skipped", "skipped"],
  ["refused", "not started"],
];

/** The status, how many runs ended, and what the others are doing; announced as it changes. */
function Progress({ status, counts, total }: { status: EvaluationStatus; counts: EvaluationCounts; total: number }) {
  const others = COUNT_WORDS.filter(([key]) => counts[key] > 0).map(([key, word]) => `${counts[key]} ${word}`);
  return (
    <Card>
      <CardContent className="grid gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <div className="flex items-center gap-2">
            <EvaluationStatusBadge status={status} />
            <p aria-live="polite" className="tabular-nums">
              {progressLabel(counts, total)}
              {others.length > 0 ? <span className="text-muted-foreground"> · {others.join(" · ")}</span> : null}
            </p>
          </div>
          {status === "running" ? <p className="text-xs text-muted-foreground">The report fills in as runs end.</p> : null}
        </div>
        <RunsEndedBar value={endedCells(counts)} max={total} label="Runs ended" />
      </CardContent>
    </Card>
  );
}

/** "2 cases × 3 models · gpt-4.1, … · started Mar 4, 2026, 2:05 PM". */
export function EvaluationFacts({ evaluation }: { evaluation: Pick<EvaluationDetail, "models" | "created_at" | "report"> }) {
  const cases = evaluation.report.cases.length;
  const models = evaluation.models.length;
  return (
    <>
      {cases} {cases === 1 ? "case" : "cases"} × {models} {models === 1 ? "model" : "models"}
      {" · "}
      <span className="font-mono">{evaluation.models.join(", ")}</span>
      {" · started "}
      <time dateTime={evaluation.created_at}>{formatDateTime(evaluation.created_at)}</time>
    </>
  );
}
