import type { MouseEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { LATEST_RUNS_PER_TASK, TASK_HISTORY_PAGE_SIZE, type TaskList } from "@errand/contract";
import { taskListQueryOptions } from "../../api/tasks";
import { ScreenshotImage } from "../../components/runs/screenshot-image";
import { Button } from "../../components/ui/button";
import { PageHeader } from "../../components/layout/page-header";
import { Card } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate, formatDateTime, statusLabel } from "../../lib/display-format";
import { PageTitle } from "../../lib/page-title";
import { isFinalStatus, thumbnailTone, type StatusTone } from "../../lib/run-status";
import { cn } from "../../lib/utils";

const BORDER: Record<StatusTone, string> = {
  pending: "border-orange-500",
  success: "border-green-500",
  failure: "border-red-500",
  neutral: "border-gray-400",
};

function pageFrom(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/** /tasks: every task, newest first, 10 a page, with up to 5 latest runs each (spec section 2). */
export function TasksPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const { data, isPending, isError, isPlaceholderData, refetch, isFetching } = useQuery({
    ...taskListQueryOptions(page),
    placeholderData: keepPreviousData,
  });
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.page_size || TASK_HISTORY_PAGE_SIZE))) : 1;

  const goTo = (next: number) => {
    setParams(next <= 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="Task History" />
      <PageHeader
        title="Task History"
        description="Every task you have created, with its latest runs."
        action={
          <Button asChild>
            <Link to="/dashboard">
              <Plus aria-hidden="true" />
              New task
            </Link>
          </Button>
        }
      />

      <Card className="mt-6 overflow-hidden">
        {isPending ? (
          <TableSkeleton />
        ) : isError ? (
          <LoadError message="Your tasks could not be loaded." onRetry={() => void refetch()} retrying={isFetching} className="justify-center p-10" />
        ) : data.tasks.length === 0 && page === 1 ? (
          <div className="grid justify-items-center gap-4 px-4 py-14 text-center">
            <p className="text-lg font-medium">No tasks yet</p>
            <Button asChild>
              <Link to="/dashboard">Create your first task</Link>
            </Button>
          </div>
        ) : data.tasks.length === 0 ? (
          <div className="grid justify-items-center gap-4 px-4 py-14 text-center text-sm text-muted-foreground">
            <p>There are no tasks on this page.</p>
            <Button variant="outline" onClick={() => goTo(1)}>
              Go to the first page
            </Button>
          </div>
        ) : (
          <TaskTable tasks={data.tasks} dimmed={isPlaceholderData} />
        )}
      </Card>

      {data && data.total > 0 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <p className="text-muted-foreground" aria-live="polite">
            Page {page} of {pageCount} · {data.total} {data.total === 1 ? "task" : "tasks"}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => goTo(page - 1)} disabled={page <= 1}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button variant="outline" size="sm" onClick={() => goTo(page + 1)} disabled={page >= pageCount}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

function TaskTable({ tasks, dimmed }: { tasks: TaskList["tasks"]; dimmed: boolean }) {
  const navigate = useNavigate();
  // The whole row opens the task; links inside (description, thumbnails) keep their own targets.
  const openRow = (event: MouseEvent<HTMLTableRowElement>, taskId: string) => {
    if ((event.target as HTMLElement).closest("a, button")) return;
    void navigate(`/tasks/${taskId}`);
  };

  return (
    <div className={cn("overflow-x-auto transition-opacity", dimmed && "opacity-60")}>
      <table className="w-full text-sm">
        <thead className="border-b bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Description</th>
            <th scope="col" className="px-4 py-3">Latest Runs</th>
            <th scope="col" className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">Created At</th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => (
            <tr
              key={task.id}
              onClick={(event) => openRow(event, task.id)}
              className="cursor-pointer border-b align-middle transition-colors last:border-0 hover:bg-muted/60"
            >
              <td className="max-w-0 px-4 py-3 sm:w-1/2">
                <Link to={`/tasks/${task.id}`} className="line-clamp-2 font-medium break-words hover:underline">
                  {task.prompt}
                </Link>
                <p className="mt-1 text-xs text-muted-foreground sm:hidden">{formatDate(task.created_at)}</p>
              </td>
              <td className="px-4 py-3">
                {task.latest_runs.length === 0 ? (
                  <span className="text-xs text-muted-foreground">No runs yet</span>
                ) : (
                  <ul className="flex -space-x-1 sm:space-x-1.5" aria-label="Latest runs">
                    {task.latest_runs.slice(0, LATEST_RUNS_PER_TASK).map((run) => (
                      <li key={run.id} className="shrink-0">
                        <Link
                          to={`/tasks/${task.id}/task-runs/${run.id}`}
                          aria-label={`Run of ${formatDateTime(run.created_at)}: ${statusLabel(run.status)}`}
                          title={`${statusLabel(run.status)} · ${formatDateTime(run.created_at)}`}
                          className={cn(
                            "block size-8 overflow-hidden rounded-full border-2 bg-background transition-transform hover:z-10 hover:scale-110 sm:size-9",
                            BORDER[thumbnailTone(run.status)],
                          )}
                          data-status={run.status}
                        >
                          <ScreenshotImage
                            type="runs"
                            id={run.id}
                            alt=""
                            compact
                            retryMissing={!isFinalStatus(run.status)}
                            version={run.status}
                            className="size-full rounded-full"
                          />
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="hidden px-4 py-3 whitespace-nowrap text-muted-foreground sm:table-cell">
                <time dateTime={task.created_at}>{formatDateTime(task.created_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading tasks" className="divide-y">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex items-center gap-4 px-4 py-4">
          <Skeleton className="h-4 flex-1" />
          <div className="flex gap-1.5">
            {Array.from({ length: 3 }, (__, i) => (
              <Skeleton key={i} className="size-8 rounded-full" />
            ))}
          </div>
          <Skeleton className="hidden h-4 w-32 sm:block" />
        </div>
      ))}
    </div>
  );
}
