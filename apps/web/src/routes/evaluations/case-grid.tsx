import { Link } from "react-router";
import type { EvaluationCell, EvaluationReport, EvaluationReportCase } from "@errand/contract";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ModelTable } from "./model-table";
import { cellOutcome, cellWhy, formatCost, formatTime } from "./evaluation-display";

interface CaseGridProps {
  report: EvaluationReport;
  /** Where a cell's run opens; null on a shared report, whose readers cannot open the runs. */
  runHref: ((runId: string) => string) | null;
}

/** Every case against every model: whether it passed, why not, what it cost and took; each cell opens its run. */
export function CaseGrid({ report, runHref }: CaseGridProps) {
  const models = report.models.map((m) => m.model);
  const cellOf = new Map(report.cells.map((cell) => [`${cell.case_index}\u0000${cell.model}`, cell]));
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>Cases</CardTitle>
        <CardDescription>
          A case passes when its run succeeded, its checks did not fail and its answer holds the expected one.
          {runHref ? " Open a result to see its run." : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0 pb-4 sm:px-6 sm:pb-6">
        <ModelTable
          label="Cases by model"
          caption="Each case's result with each model"
          corner={
            <th scope="col" className="px-3 py-2">
              Case
            </th>
          }
          models={models}
        >
          {report.cases.map((testCase) => (
            <tr key={testCase.index}>
              <CaseHeader testCase={testCase} />
              {models.map((model) => {
                const cell = cellOf.get(`${testCase.index}\u0000${model}`);
                return (
                  <td key={model} className="min-w-28 px-3 py-3 align-top" data-model={model} data-case={testCase.index}>
                    {cell ? <CellResult cell={cell} caseName={testCase.name} runHref={runHref} /> : "—"}
                  </td>
                );
              })}
            </tr>
          ))}
        </ModelTable>
      </CardContent>
    </Card>
  );
}

function CaseHeader({ testCase }: { testCase: EvaluationReportCase }) {
  const expected = expectedText(testCase.expected);
  return (
    <th scope="row" className="max-w-72 min-w-36 px-3 py-3 text-left align-top font-normal">
      <span className="block font-medium">{testCase.name}</span>
      <span className="mt-1 line-clamp-3 block text-xs text-muted-foreground [overflow-wrap:anywhere]">{testCase.prompt}</span>
      {expected ? (
        <span className="mt-1 block text-xs [overflow-wrap:anywhere]">
          <span className="text-muted-foreground">Expected: </span>
          {expected}
        </span>
      ) : null}
    </th>
  );
}

function CellResult({ cell, caseName, runHref }: { cell: EvaluationCell; caseName: string; runHref: CaseGridProps["runHref"] }) {
  const outcome = cellOutcome(cell);
  const why = cellWhy(cell);
  const badge = (
    <Badge tone={outcome.tone} data-outcome={outcome.word}>
      {outcome.word}
    </Badge>
  );
  const ended = cell.state === "done";
  return (
    <div className="grid justify-items-start gap-1">
      {runHref && cell.run_id ? (
        <Link
          to={runHref(cell.run_id)}
          className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label={`${outcome.word}: ${caseName} with ${cell.model}, open its run`}
        >
          {badge}
        </Link>
      ) : (
        badge
      )}
      {why ? <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{why}</span> : null}
      {ended ? (
        <span className="text-xs text-muted-foreground tabular-nums">
          {formatCost(cell.cost)} · {formatTime(cell.duration_ms)}
          {cell.steps === null ? "" : ` · ${cell.steps} ${cell.steps === 1 ? "step" : "steps"}`}
        </span>
      ) : null}
    </div>
  );
}

/** The expected answer as the grid shows it: a text as is, a JSON value as compact JSON. */
function expectedText(expected: unknown): string | null {
  if (expected === null || expected === undefined) return null;
  return typeof expected === "string" ? expected : JSON.stringify(expected);
}
