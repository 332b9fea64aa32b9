import type { BatchStatus } from "@errand/contract";
import { Badge } from "../../components/ui/badge";
import { ProgressBar } from "../../components/ui/progress-bar";
import { BATCH_STATUS_LABELS } from "../../lib/batches/batch-labels";

/** A batch's status: Running yellow, Finished green, Paused and Cancelled grey. */
export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const { label, tone } = BATCH_STATUS_LABELS[status];
  return (
    <Badge tone={tone} data-batch-status={status}>
      {label}
    </Badge>
  );
}

/** A bar of rows done out of all, with its words for screen readers. */
export function BatchProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  return <ProgressBar value={done} max={total} label={label} done="rows done" />;
}
