import type { FailureKind } from "@errand/contract";
import type { tasksRuns } from "@errand/db";

/**
 * The failure kind a retry policy is matched against (docs/adr/0043-verified-results.md): the one
 * the run ended with (docs/adr/0042-failure-kinds.md), verification_failed for a failed verdict.
 */
export function failureKindOf(run: Pick<typeof tasksRuns.$inferSelect, "status" | "failureKind">): FailureKind | null {
  return run.status === "success" ? null : run.failureKind;
}
