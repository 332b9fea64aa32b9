import { cn } from "../../components/ui/cn";
import { formatCost, formatRate, formatTokens } from "./evaluation-display";

/** One model's bar in each of the chart's two groups. */
export interface ChartModel {
  model: string;
  /** 0..1, or null while none of its cases has ended. */
  successRate: number | null;
  /** Mean cost per case in credit units, or null while none of its runs has ended. */
  meanCost: number | null;
  /** Mean model tokens per case, or null. */
  meanTokens: number | null;
}

interface ReportChartProps {
  models: readonly ChartModel[];
  /** The id of the table that carries the same figures, for screen readers. */
  tableId: string;
}

// One hue per model, in order, readable on white and told apart without colour by the labels.
const BAR_COLOURS = ["bg-primary", "bg-amber-500", "bg-emerald-600", "bg-sky-600", "bg-fuchsia-600"];

/**
 * Success rate, and mean cost and tokens per case, a bar per model, drawn with CSS (no chart library). The bars
 * are a picture of the comparison table beside them: screen readers are sent to the table.
 */
export function ReportChart({ models, tableId }: ReportChartProps) {
  return (
    <figure className="grid gap-6 px-4 sm:grid-cols-3 sm:px-0" aria-describedby={tableId}>
      <figcaption className="sr-only">
        Success rate, mean cost and mean tokens per case by model; the table below has the same figures.
      </figcaption>
      <BarGroup
        title="Success rate"
        bars={models.map((m) => ({ model: m.model, share: m.successRate ?? 0, label: formatRate(m.successRate) }))}
      />
      <BarGroup title="Cost per case (mean)" bars={scaledBars(models, (m) => m.meanCost, formatCost)} />
      <BarGroup title="Tokens per case (mean)" bars={scaledBars(models, (m) => m.meanTokens, formatTokens)} />
    </figure>
  );
}

/** A figure's bars, each a share of the largest (none while a model has no figure yet). */
function scaledBars(models: readonly ChartModel[], figure: (m: ChartModel) => number | null, format: (value: number | null) => string) {
  const max = Math.max(0, ...models.map((m) => figure(m) ?? 0));
  return models.map((m) => {
    const value = figure(m);
    return { model: m.model, share: max > 0 && value !== null ? value / max : 0, label: format(value) };
  });
}

function BarGroup({ title, bars }: { title: string; bars: { model: string; share: number; label: string }[] }) {
  return (
    <div aria-hidden="true" className="min-w-0">
      <p className="mb-3 text-sm font-medium">{title}</p>
      <ul className="grid gap-3">
        {bars.map((bar, index) => (
          <li key={bar.model} className="grid gap-1">
            <div className="flex items-baseline justify-between gap-2 text-xs">
              <span className="truncate font-mono">{bar.model}</span>
              <span className="shrink-0 font-medium tabular-nums">{bar.label}</span>
            </div>
            <div className="h-3 overflow-hidden rounded-full bg-muted">
              <div
                data-chart-bar={bar.model}
                className={cn("h-full rounded-full", BAR_COLOURS[index % BAR_COLOURS.length])}
                style={{ width: `${Math.round(Math.min(1, Math.max(0, bar.share)) * 100)}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
