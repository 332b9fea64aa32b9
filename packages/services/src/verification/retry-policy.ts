import type { RetryPolicy } from "@errand/contract";
import type { tasksRuns } from "@errand/db";
import { failureKindOf } from "./failure-kind.ts";

type RunRow = typeof tasksRuns.$inferSelect;

/**
 * Whether the task's policy asks for this ended run to be tried again (before counting what the
 * chain has had). A cancelled run never is, whatever kinds the policy lists: a person stopped it
 * (docs/adr/0045-durable-retries.md).
 */
export function retryWanted(policy: RetryPolicy | null, run: Pick<RunRow, "status" | "verification" | "failureKind">): boolean {
  if (!policy || policy.max === 0 || run.status === "success" || run.status === "cancelled") return false;
  if (policy.on_verdict_fail && run.verification?.verdict === "fail") return true;
  const kind = failureKindOf(run);
  return kind !== null && policy.on_failure_kinds.includes(kind);
}
