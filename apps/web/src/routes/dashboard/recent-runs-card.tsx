import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { DASHBOARD_HISTORY_SIZE } from "@errand/contract";
import { recentRunsQueryOptions } from "../../api/runs";
import { ScreenshotImage } from "../../components/runs/screenshot-image";
import { StatusBadge } from "../../components/runs/status-badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTime } from "../../lib/format/display-format";
import { isFinalStatus } from "../../lib/runs/run-status";

/** "Task History" on the dashboard: the latest 5 runs, each opening its run page. */
export function RecentRunsCard() {
  const { data, isPending, isError, refetch, isFetching } = useQuery(recentRunsQueryOptions);

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-4">
        <CardTitle className="text-lg">Task History</CardTitle>
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
          <p className="py-6 text-center text-sm text-muted-foreground">No tasks yet.</p>
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
