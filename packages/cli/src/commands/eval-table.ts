import { formatUsd, unitsToDollars, type EvaluationDetail, type EvaluationModelSummary } from "@errand/contract";

const percent = (rate: number | null) => (rate === null ? "-" : `${Math.round(rate * 100)}%`);
const seconds = (ms: number | null) => (ms === null ? "-" : `${(ms / 1000).toFixed(1)} s`);
const whole = (n: number | null) => (n === null ? "-" : String(Math.round(n)));
const dollars = (units: number | null) => (units === null ? "-" : formatUsd(Number(unitsToDollars(units).toFixed(4))));

/** The side-by-side comparison: one column per model, then each case's verdict per model. */
export function comparisonTable(evaluation: EvaluationDetail): string {
  const models = evaluation.report.models;
  const rows: [string, (m: EvaluationModelSummary) => string][] = [
    ["success rate", (m) => percent(m.success_rate)],
    ["passed", (m) => `${m.passed}/${m.ended}`],
    ["verdicts", (m) => `${m.verdicts.pass} pass, ${m.verdicts.fail} fail, ${m.verdicts.unsure} unsure, ${m.verdicts.none} none`],
    ["cost per case", (m) => `${dollars(m.cost_mean)} (median ${dollars(m.cost_median)})`],
    ["tokens per case", (m) => `${whole(m.tokens_mean)} (median ${whole(m.tokens_median)})`],
    ["time per case", (m) => seconds(m.duration_ms_mean)],
    ["time per step", (m) => seconds(m.step_ms_mean)],
    [
      "failures",
      (m) =>
        Object.entries(m.failure_kinds)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(", ") || "-",
    ],
  ];
  const summary = [["", ...models.map((m) => m.model)], ...rows.map(([label, cell]) => [label, ...models.map(cell)])];
  const cases = evaluation.report.cases.map((c) => [
    c.name,
    ...models.map((m) => {
      const cell = evaluation.report.cells.find((x) => x.case_index === c.index && x.model === m.model);
      if (!cell || cell.passed === null) return cell?.state ?? "-";
      return cell.passed ? "pass" : `FAIL (${cell.failure_kind ?? "unknown"})`;
    }),
  ]);
  return `${align(summary)}\n\n${align([["case", ...models.map((m) => m.model)], ...cases])}\n`;
}

function align(table: string[][]): string {
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => (row[i] ?? "").length)));
  return table
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
