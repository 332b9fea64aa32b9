import type { EvaluationStatus } from "@errand/contract";
import { Badge } from "../../components/ui/badge";

const STATUS = {
  running: { word: "Running", tone: "pending" },
  cancelled: { word: "Cancelled", tone: "neutral" },
  finished: { word: "Finished", tone: "success" },
} as const;

/** Running (yellow), Finished (green) or Cancelled (grey). */
export function EvaluationStatusBadge({ status }: { status: EvaluationStatus }) {
  const { word, tone } = STATUS[status];
  return (
    <Badge tone={tone} data-status={status}>
      {word}
    </Badge>
  );
}

/** How many of an evaluation's runs have ended, as a bar that screen readers read as a progress bar. */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${value} of ${max} runs ended`}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${Math.round(share * 100)}%` }} />
    </div>
  );
}
