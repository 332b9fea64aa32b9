import { Badge } from "../ui/badge";
import { statusLabel } from "../../lib/format/display-format";
import { statusTone } from "../../lib/runs/run-status";

/** A run's status: pending yellow, success green, failed/error red, anything else grey. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={statusTone(status)} className={className} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}

/** A step's outcome: Success, Failed, or nothing when unset. */
export function StepOutcomeBadge({ success }: { success: boolean | null }) {
  if (success === null) return null;
  return <Badge tone={success ? "success" : "failure"}>{success ? "Success" : "Failed"}</Badge>;
}
