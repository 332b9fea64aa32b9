import { useNavigate } from "react-router";
import { RunMessageBox } from "../../components/runs/run-message-box";
import type { Run } from "@errand/contract";
import { ApiRequestError } from "../../api/http";
import { ResultsPanel } from "../../components/runs/results-panel";
import { RunCreated, RunFacts } from "../../components/runs/run-facts";
import { RunFiles } from "../../components/runs/run-files";
import { RunTracePanel } from "../../components/runs/run-trace-panel";
import { RunSelector } from "../../components/runs/run-selector";
import { SessionRecordingPanel } from "../../components/runs/session-recording-panel";
import { VerificationPanel } from "../../components/runs/verification-panel";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { LiveRunPanel } from "./live-run-panel";
import { RunHeaderActions } from "./run-header-actions";
import { RunPrompt } from "./run-prompt";
import { RunSteps, StepsSkeleton } from "./run-steps";
import { useRunView } from "./use-run-view";
import { WebhookDeliveries } from "./webhook-deliveries";

interface RunDetailsProps {
  taskId: string;
  runId: string | undefined;
  runs: Run[] | undefined;
  runsPending: boolean;
  runsError: boolean;
  onRetry: () => void;
}

/**
 * "Task Run Details", the page's main part: run selector, status and cost, results, the selected
 * step's screenshot (the latest by default) and the steps.
 */
export function RunDetails({ taskId, runId, runs, runsPending, runsError, onRetry }: RunDetailsProps) {
  let body;
  if (runId) body = <RunView key={runId} taskId={taskId} runId={runId} runs={runs ?? []} />;
  else if (runsPending) body = <RunSkeleton />;
  else if (runsError) body = <LoadError message="The runs of this task could not be loaded." onRetry={onRetry} retrying={false} />;
  else if (!runs?.length) body = <EmptyText>No runs yet</EmptyText>;
  else body = <EmptyText>Select a task run to view details</EmptyText>;

  return (
    <Card className="grid min-w-0 content-start gap-4 p-4 sm:p-5">
      {/* A run puts its actions beside the heading. */}
      {runId ? null : <RunHeading />}
      {body}
    </Card>
  );
}

function RunHeading() {
  return <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Task Run Details</h1>;
}

function EmptyText({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{children}</p>;
}

function RunView({ taskId, runId, runs }: { taskId: string; runId: string; runs: Run[] }) {
  const navigate = useNavigate();
  const view = useRunView(taskId, runId);
  const { run, pending } = view;

  if (run.isPending) return <RunSkeleton />;
  if (run.isError) {
    const missing = run.error instanceof ApiRequestError && (run.error.status === 404 || run.error.status === 400);
    return (
      <div className="grid justify-items-start gap-3 text-sm text-muted-foreground">
        <p>{missing ? "This run could not be found." : "The run could not be loaded."}</p>
        <Button variant="outline" size="sm" onClick={() => void (missing ? navigate(`/tasks/${taskId}`) : run.refetch())}>
          {missing ? "Show the latest run" : "Try again"}
        </Button>
      </div>
    );
  }
  const current = run.data;
  const results = <ResultsPanel run={current} headingLevel="h2" />;
  const files = <RunFiles runId={current.id} steps={view.stepList.length} />;

  return (
    <div className="grid min-w-0 gap-5">
      <RunHeader taskId={taskId} run={current} runs={runs} elapsed={view.elapsed} refetch={() => void run.refetch()} />
      {current.time_limit_note ? <TimeLimitNote run={current} /> : null}
      {/* A finished run leads with its answer; a pending one with its steps. */}
      {pending ? null : results}
      {pending ? null : <VerificationPanel run={current} taskId={taskId} />}
      {pending ? null : files}
      <RunSteps view={view} />
      {/* Kept when the run ends (docs/adr/0047-session-recordings.md). */}
      {pending ? null : <SessionRecordingPanel runId={current.id} />}
      <RunMessageBox run={current} />
      {/* Only while the run is pending: when it ends, the browser goes and the steps show the result. */}
      {pending ? <LiveRunPanel runId={current.id} /> : null}
      {pending ? results : null}
      {pending ? files : null}
      {pending ? null : <RunTracePanel runId={current.id} />}
      {current.webhook_url ? <WebhookDeliveries run={current} /> : null}
    </div>
  );
}

interface RunHeaderProps {
  taskId: string;
  run: Run;
  runs: Run[];
  elapsed: number | null;
  refetch: () => void;
}

/** The heading with the run's actions, the prompt it ran with, the run selector, and its status and cost. */
function RunHeader({ taskId, run, runs, elapsed, refetch }: RunHeaderProps) {
  const navigate = useNavigate();
  const options = runs.some((item) => item.id === run.id) ? runs : [run, ...runs];
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <RunHeading />
        <RunHeaderActions taskId={taskId} run={run} refetch={refetch} />
      </div>
      <RunPrompt prompt={run.prompt} />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="grid min-w-0 flex-1 basis-full gap-1.5 sm:flex sm:flex-none sm:basis-auto sm:items-center sm:gap-2">
          <Label htmlFor="run-selector">Run</Label>
          <RunSelector
            id="run-selector"
            runs={options}
            value={run.id}
            onChange={(id) => void navigate(`/tasks/${taskId}/task-runs/${id}`)}
            className="sm:w-[19rem]"
          />
        </div>
        <RunCreated run={run} />
        <RunFacts run={run} elapsed={elapsed} className="basis-full" />
      </div>
    </div>
  );
}

/** Why the run may stop early (the balance covers less than its time limit). */
function TimeLimitNote({ run }: { run: Run }) {
  return (
    <p
      role="note"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {run.time_limit_note}
      {run.status === "pending" ? ` It stops after ${run.time_limit} s.` : null}
    </p>
  );
}

function RunSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading run">
      <div className="flex flex-wrap gap-3">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-6 w-20 self-center rounded-full" />
        <Skeleton className="h-4 w-40 self-center" />
      </div>
      <Skeleton className="h-24 w-full" />
      <StepsSkeleton />
    </div>
  );
}
