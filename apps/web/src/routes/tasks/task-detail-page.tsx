import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft } from "lucide-react";
import type { Task } from "@errand/contract";
import { ApiRequestError } from "../../api/http";
import { taskQueryOptions, taskRunsQueryOptions } from "../../api/tasks";
import { TaskForm, type TaskFormAction } from "../../components/task-form/task-form";
import { useTaskActions } from "../../components/task-form/run-actions";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { PageTitle } from "../../lib/page/page-title";
import { TaskBatchesCard } from "../batches/task-batches-card";
import { taskToFormValues, type TaskFormValues } from "../../lib/tasks/task-form";
import { useCan } from "../../workspaces/use-workspace-allows";
import { RunDetails } from "./run-details";
import { StepsSkeleton } from "./run-steps";
import { TaskScheduleCard } from "./task-schedule-card";
import { TaskReplayCard } from "./task-replay-card";

const isNotFound = (error: unknown) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/**
 * /tasks/:idTask[/task-runs/:idTaskRun] (spec section 2): the run first ("Task Run Details":
 * status, cost, the latest screenshot, the result), and the task in edit mode ("Task Details")
 * beside it on wide screens, after it on narrow ones.
 */
export function TaskDetailPage() {
  const { idTask = "", idTaskRun } = useParams();
  const navigate = useNavigate();
  const task = useQuery(taskQueryOptions(idTask));
  const runs = useQuery({ ...taskRunsQueryOptions(idTask), enabled: task.isSuccess });
  const latestRunId = runs.data?.[0]?.id;

  // Without a run id, the latest run is selected and the URL replaced with the run's.
  useEffect(() => {
    if (!idTaskRun && latestRunId) void navigate(`/tasks/${idTask}/task-runs/${latestRunId}`, { replace: true });
  }, [idTask, idTaskRun, latestRunId, navigate]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
      <PageTitle title={idTaskRun ? "Task Run Details" : "Task Details"} />
      <Link to="/tasks" className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ChevronLeft className="size-4" aria-hidden="true" />
        Task History
      </Link>

      {task.isPending ? (
        <PageSkeleton />
      ) : task.isError ? (
        <Card>
          <CardContent className="grid justify-items-start gap-3 p-6">
            <h1 className="text-xl font-semibold">{isNotFound(task.error) ? "Task not found" : "Task Details"}</h1>
            <p className="text-sm text-muted-foreground">
              {isNotFound(task.error) ? "This task does not exist, or it belongs to another account." : "The task could not be loaded."}
            </p>
            {isNotFound(task.error) ? (
              <Button asChild variant="outline">
                <Link to="/tasks">Back to Task History</Link>
              </Button>
            ) : (
              <Button variant="outline" onClick={() => void task.refetch()}>
                Try again
              </Button>
            )}
          </CardContent>
        </Card>
      ) : (
        <div className={pageGrid}>
          <RunDetails
            taskId={idTask}
            runId={idTaskRun}
            runs={runs.data}
            runsPending={runs.isPending}
            runsError={runs.isError}
            onRetry={() => void runs.refetch()}
          />
          <aside aria-label="Task settings" className="grid min-w-0 gap-6">
            <EditTaskForm key={task.data.id} task={task.data} />
            <TaskBatchesCard key={`batches-${task.data.id}`} task={task.data} />
            <TaskScheduleCard key={`schedule-${task.data.id}`} taskId={task.data.id} />
            <TaskReplayCard key={`replay-${task.data.id}`} taskId={task.data.id} />
          </aside>
        </div>
      )}
    </div>
  );
}

function EditTaskForm({ task }: { task: Task }) {
  const { save, saveAndRun } = useTaskActions(task);
  const canChange = useCan("run");
  async function handleSubmit(action: TaskFormAction, values: TaskFormValues) {
    if (action === "save") return (await save(values)).errors;
    return saveAndRun(values);
  }
  return (
    <TaskForm
      mode="edit"
      initialValues={taskToFormValues(task)}
      requiresAuthContext={task.auth_context_id !== null}
      onSubmit={handleSubmit}
      readOnly={!canChange}
    />
  );
}

/** The run, and the task's form in a side column from 1280 px (below the run when narrower). */
const pageGrid = "grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]";

function PageSkeleton() {
  return (
    <div className={pageGrid} role="status" aria-label="Loading task">
      <Card className="grid gap-4 p-4 sm:p-6">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-10 w-full max-w-md" />
        <Skeleton className="h-5 w-full max-w-lg" />
        <StepsSkeleton />
      </Card>
      <Card>
        <CardHeader>
          <Skeleton className="h-6 w-32" />
        </CardHeader>
        <CardContent className="grid gap-4">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-10 w-full" />
        </CardContent>
      </Card>
    </div>
  );
}
