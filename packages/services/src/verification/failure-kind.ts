import { VERIFICATION_FAILED_KIND } from "@errand/contract";
import type { tasksRuns } from "@errand/db";

/**
 * The failure kind a retry policy is matched against (docs/adr/0043-verified-results.md). The
 * contract's full list of failure kinds (why any run did not succeed) is stored on the run by its
 * own part: read it here, and verification_failed stays the kind of a failed verdict.
 */
export function failureKindOf(run: Pick<typeof tasksRuns.$inferSelect, "status" | "verification">): string | null {
  if (run.status === "success") return null;
  return run.verification?.verdict === "fail" ? VERIFICATION_FAILED_KIND : null;
}
