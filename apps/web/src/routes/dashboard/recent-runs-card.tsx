import { useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { DASHBOARD_HISTORY_SIZE, FAILURE_KIND_LABELS, FAILURE_KINDS, type FailureKind } from "@errand/contract";
import { recentRunsQueryOptions } from "../../api/runs";
import { ScreenshotImage } from "../../components/runs/screenshot-image";
import { StatusBadge } from "../../components/runs/status-badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { LabelledOptions, NativeSelect } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTime } from "../../lib/format/display-format";
import { isFinalStatus } from "../../lib/runs/run-status";

/** The filter's choices: every run, or those that failed with one kind (docs/api.md, failure kinds). */
const ALL_RUNS = "all";
const FILTER_VALUES = [ALL_RUNS, ...FAILURE_KINDS.filter((kind) => kind !== "unknown")] as const;
const FILTER_LABELS: Record<(typeof FILTER_VALUES)[number], string> = { ...FAILURE_KIND_LABELS, [ALL_RUNS]: "All runs" };

/** "Task History" on the dashboard: the latest 5 runs, each opening its run page; a filter keeps the runs that failed one way. */
export function RecentRunsCard() {
  const [failureKind, setFailureKind] = useState<FailureKind | null>(null);
  const { data, isPending, isError, refetch, isFetching } = useQuery(recentRunsQueryOptions(failureKind));

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-4">
        <CardTitle className="text-lg">Task History</CardTitle>
        <FailureKindFilter value={failureKind} onChange={setFailureKind} />
        {/* Only when there is more to see: an empty history has nothing to show more of. */}
        {data && data.runs.length > 0 ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/tasks">
              Show More
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <ul className="grid gap-2" role="status" aria-label="Loading task history">
            {Array.from({ length: DASHBOARD_HISTORY_SIZE }, (_, index) => (
              <li key={index} className="flex items-center gap-3 rounded-lg border p-2">
                <Skeleton className="h-12 w-20 shrink-0" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </li>
            ))}
          </ul>
        ) : isError ? (
          <LoadError message="Your task history could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.runs.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{failureKind ? "No runs failed this way." : "No tasks yet."}</p>
        ) : (
          <ul className="grid gap-2" aria-label="Latest runs">
            {data.runs.map((run) => (
              <li key={run.id}>
                <Link
                  to={`/tasks/${run.task_id}/task-runs/${run.id}`}
                  className="flex items-center gap-3 rounded-lg border p-2 transition-colors hover:bg-muted"
                >
                  <ScreenshotImage
                    type="runs"
                    id={run.id}
                    alt=""
                    retryMissing={!isFinalStatus(run.status)}
                    version={run.status}
                    className="h-12 w-20 shrink-0 rounded-md border text-[10px]"
                  />
                  <div className="min-w-0 flex-1">
                    {/* wrap-anywhere, not break-words: only it lets a long URL shrink the row's minimum width. */}
                    <p className="line-clamp-2 text-sm font-medium wrap-anywhere">{run.prompt}</p>
                    <p className="mt-1 text-xs text-muted-foreground">
                      <time dateTime={run.created_at}>{formatDateTime(run.created_at)}</time>
                      {run.failure_kind ? (
                        <span data-failure-kind={run.failure_kind}> · {FAILURE_KIND_LABELS[run.failure_kind]}</span>
                      ) : null}
                    </p>
                  </div>
                  <StatusBadge status={run.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Which runs the history shows: all, or those that failed with one kind. */
function FailureKindFilter({ value, onChange }: { value: FailureKind | null; onChange: (kind: FailureKind | null) => void }) {
  return (
    <label className="flex min-w-0 flex-1 basis-48 items-center gap-2 text-sm sm:flex-none">
      <span className="shrink-0 text-muted-foreground">Show</span>
      <NativeSelect
        aria-label="Show runs by why they failed"
        value={value ?? ALL_RUNS}
        onChange={(event) => onChange(event.target.value === ALL_RUNS ? null : (event.target.value as FailureKind))}
        className="h-9"
      >
        <LabelledOptions values={FILTER_VALUES} labels={FILTER_LABELS} />
      </NativeSelect>
    </label>
  );
}
