import type { FailureKind } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { inArray } from "drizzle-orm";

/** `failure_kind=a,b` on a run list: runs that ended with one of the kinds; no condition when none is asked for. */
export function failureKindIn(kinds: readonly FailureKind[] | undefined) {
  return kinds && kinds.length > 0 ? inArray(tasksRuns.failureKind, [...kinds]) : undefined;
}
