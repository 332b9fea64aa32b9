import { useState, type MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, CopyPlus, ImageOff, Trash2 } from "lucide-react";
import { LATEST_RUNS_PER_TASK, type TaskList } from "@errand/contract";
import { screenshotQueryOptions } from "../../api/screenshots";
import { cn } from "../../components/ui/cn";
import { IconButton } from "../../components/ui/icon-button";
import { formatDate, formatDateTime, formatScheduleTime, statusLabel } from "../../lib/format/display-format";
import { isFinalStatus, thumbnailTone, type StatusTone } from "../../lib/runs/run-status";
import { taskExcerpt } from "./task-excerpt";
import { TaskTagLinks } from "./task-tag-links";

type ListedTask = TaskList["tasks"][number];

const BORDER: Record<StatusTone, string> = {
  pending: "border-orange-500",
  success: "border-green-500",
  failure: "border-red-500",
  neutral: "border-gray-400",
};

/** Duplicate and Delete on a row. */
interface RowActions {
  onDuplicate: (task: ListedTask) => void;
  onDelete: (task: ListedTask) => void;
}

/** A row's buttons, in order; each one's words name the task for a screen reader. */
const ROW_BUTTONS = [
  { verb: "Duplicate task", title: "Duplicate into a new task", Icon: CopyPlus, tone: "muted", act: "onDuplicate" },
  { verb: "Delete task", title: "Delete task", Icon: Trash2, tone: "destructive", act: "onDelete" },
] as const;

interface TaskHistoryTableProps {
  tasks: ListedTask[];
  dimmed: boolean;
  /** null: the role may not change tasks, and the rows have no actions. */
  actions: RowActions | null;
}

/**
 * Description (with the task's tags), Latest Runs (screenshot thumbnails, status-coloured border)
 * and Created At, with Duplicate and Delete on each row; a scheduled task's next run under its
 * description. On a phone the runs and the date go under the description too.
 */
export function TaskHistoryTable({ tasks, dimmed, actions }: TaskHistoryTableProps) {
  const navigate = useNavigate();
  // The whole row opens the task; links and buttons inside keep their own targets.
  const openRow = (event: MouseEvent<HTMLTableRowElement>, taskId: string) => {
    if ((event.target as HTMLElement).closest("a, button")) return;
    void navigate(`/tasks/${taskId}`);
  };

  return (
    <div className={cn("transition-opacity", dimmed && "opacity-60")}>
      <table className="w-full table-fixed text-sm">
        <thead className="border-b bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Description
            </th>
            <th scope="col" className="hidden w-[26.5rem] px-4 py-3 md:table-cell">
              Latest Runs
            </th>
            <th scope="col" className="hidden w-44 px-4 py-3 whitespace-nowrap lg:table-cell">
              Created At
            </th>
            {actions ? (
              <th scope="col" className="w-24 px-2 py-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} onOpen={(event) => openRow(event, task.id)} actions={actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface TaskRowProps {
  task: ListedTask;
  onOpen: (event: MouseEvent<HTMLTableRowElement>) => void;
  actions: RowActions | null;
}

function TaskRow({ task, onOpen, actions }: TaskRowProps) {
  return (
    <tr onClick={onOpen} className="cursor-pointer border-b align-top transition-colors last:border-0 hover:bg-muted/60">
      <td className="min-w-0 px-4 py-3">
        <Link to={`/tasks/${task.id}`} className="line-clamp-2 font-medium [overflow-wrap:anywhere] hover:underline">
          {task.prompt}
        </Link>
        <TaskTagLinks tags={task.tags} />
        <p className="mt-1 text-xs text-muted-foreground lg:hidden">
          <time dateTime={task.created_at}>{formatDate(task.created_at)}</time>
        </p>
        {task.next_run_at ? (
          <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground" data-next-run>
            <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
            <span>
              Next run{" "}
              <time dateTime={task.next_run_at}>
                {task.next_run_time_zone ? formatScheduleTime(task.next_run_at, task.next_run_time_zone) : formatDateTime(task.next_run_at)}
              </time>
            </span>
          </p>
        ) : null}
        <div className="mt-2 md:hidden">
          <LatestRuns task={task} />
        </div>
      </td>
      <td className="hidden px-4 py-3 md:table-cell">
        <LatestRuns task={task} />
      </td>
      <td className="hidden px-4 py-3 whitespace-nowrap text-muted-foreground lg:table-cell">
        <time dateTime={task.created_at}>{formatDateTime(task.created_at)}</time>
      </td>
      {actions ? (
        <td className="px-2 py-2 text-right whitespace-nowrap">
          {ROW_BUTTONS.map(({ verb, title, Icon, tone, act }) => (
            <IconButton
              key={act}
              label={`${verb}: ${taskExcerpt(task.prompt, 60)}`}
              title={title}
              icon={<Icon aria-hidden="true" />}
              tone={tone}
              onClick={() => actions[act](task)}
            />
          ))}
        </td>
      ) : null}
    </tr>
  );
}

/** Up to 5 runs, newest first: the top of each run's latest screenshot, framed in its status colour. */
function LatestRuns({ task }: { task: ListedTask }) {
  if (task.latest_runs.length === 0) return <span className="text-xs text-muted-foreground">No runs yet</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Latest runs">
      {task.latest_runs.slice(0, LATEST_RUNS_PER_TASK).map((run) => (
        <li key={run.id} className="shrink-0">
          <Link
            to={`/tasks/${task.id}/task-runs/${run.id}`}
            aria-label={`Run of ${formatDateTime(run.created_at)}: ${statusLabel(run.status)}`}
            title={`${statusLabel(run.status)} · ${formatDateTime(run.created_at)}`}
            className={cn(
              "block h-[35px] w-14 overflow-hidden rounded-md border-2 bg-muted shadow-xs transition-transform hover:scale-105 focus-visible:scale-105 sm:h-[45px] sm:w-[72px]",
              BORDER[thumbnailTone(run.status)],
            )}
            data-status={run.status}
            data-thumbnail
          >
            <RunThumbnail runId={run.id} status={run.status} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The top-left of a run's latest screenshot, enlarged: a whole 1280 px page shrunk to a thumbnail
 * is a white box on light sites, while its top corner (logo, title, first lines) can be told apart.
 * A run without a screenshot shows a placeholder.
 */
function RunThumbnail({ runId, status }: { runId: string; status: string }) {
  const { data: url, isError } = useQuery(screenshotQueryOptions("runs", runId, !isFinalStatus(status), status));
  const [failed, setFailed] = useState(false);
  if (isError || failed) {
    return (
      <span className="flex size-full items-center justify-center text-muted-foreground" title="No screenshot">
        <ImageOff className="size-4" aria-hidden="true" />
      </span>
    );
  }
  if (!url) return <span className="block size-full animate-pulse bg-muted motion-reduce:animate-none" />;
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="block h-auto w-[250%] max-w-none bg-white"
      data-crop="top-left"
    />
  );
}
