import type { EvaluationStatus } from "@errand/contract";
import { Badge } from "../../components/ui/badge";
import { ProgressBar } from "../../components/ui/progress-bar";

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
export function RunsEndedBar({ value, max, label }: { value: number; max: number; label: string }) {
  return <ProgressBar value={value} max={max} label={label} done="runs ended" />;
}
