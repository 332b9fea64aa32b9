import { useId, type ReactNode } from "react";
import type { EvaluationModelSummary } from "@errand/contract";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { failureKindLines, formatCost, formatRate, formatTime, formatTokens, verdictsLabel } from "./evaluation-display";
import { ModelTable } from "./model-table";
import { ReportChart } from "./report-chart";

type Row = { label: string; value: (model: EvaluationModelSummary) => ReactNode };

/** The figures compared, one row each, a column per model. */
const ROWS: Row[] = [
  { label: "Success rate", value: (m) => formatRate(m.success_rate) },
  {
    label: "Passed",
    value: (m) => (m.ended === m.cases ? `${m.passed} of ${m.cases}` : `${m.passed} of ${m.ended} ended (${m.cases} in all)`),
  },
  { label: "Verdicts", value: (m) => verdictsLabel(m.verdicts) },
  { label: "Cost per case (mean)", value: (m) => formatCost(m.cost_mean) },
  { label: "Cost per case (median)", value: (m) => formatCost(m.cost_median) },
  { label: "Tokens per case (mean)", value: (m) => formatTokens(m.tokens_mean) },
  { label: "Tokens per case (median)", value: (m) => formatTokens(m.tokens_median) },
  { label: "Time per case", value: (m) => formatTime(m.duration_ms_mean) },
  { label: "Time per step", value: (m) => formatTime(m.step_ms_mean) },
  { label: "Why cases failed", value: (m) => <FailureKinds model={m} /> },
];

/**
 * The models side by side: a chart of success rate and cost per case, and the table that carries
 * the chart's figures and the rest (verdicts, tokens, times, failure kinds in words). The table
 * scrolls inside its card on a narrow screen, never the page.
 */
export function ModelComparison({ models }: { models: readonly EvaluationModelSummary[] }) {
  const tableId = useId();
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>Models compared</CardTitle>
      </CardHeader>
      {/* On a phone the table spans the card's width, and scrolls inside it when the models do not fit. */}
      <CardContent className="grid gap-6 px-0 pb-4 sm:px-6 sm:pb-6">
        <ReportChart
          tableId={tableId}
          models={models.map((m) => ({ model: m.model, successRate: m.success_rate, meanCost: m.cost_mean, meanTokens: m.tokens_mean }))}
        />
        <ModelTable
          id={tableId}
          label="Models compared, figures"
          caption="Each model's figures over the cases that ended"
          corner={<td className="px-3 py-2" />}
          models={models.map((m) => m.model)}
        >
          {ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="min-w-28 px-3 py-2 text-left font-medium text-muted-foreground">
                {row.label}
              </th>
              {models.map((m) => (
                <td key={m.model} className="min-w-28 px-3 py-2 align-top tabular-nums" data-model={m.model} data-figure={row.label}>
                  {row.value(m)}
                </td>
              ))}
            </tr>
          ))}
        </ModelTable>
      </CardContent>
    </Card>
  );
}

function FailureKinds({ model }: { model: EvaluationModelSummary }) {
  const lines = failureKindLines(model.failure_kinds);
  if (lines.length === 0) return <>—</>;
  return (
    <ul className="grid gap-0.5">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
