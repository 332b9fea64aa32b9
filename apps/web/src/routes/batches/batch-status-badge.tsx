import type { BatchStatus } from "@errand/contract";
import { Badge } from "../../components/ui/badge";
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
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${total} rows done`}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
