import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Globe, Square } from "lucide-react";
import type { Run, Step } from "@errand/contract";
import { accountQueryOptions } from "../../api/account";
import { ApiRequestError } from "../../api/http";
import { cancelRun, makeRunPublic, runQueryOptions, runsKeys, stepsQueryOptions } from "../../api/runs";
import { tasksKeys } from "../../api/tasks";
import { ResultsPanel } from "../../components/runs/results-panel";
import { RunCreated, RunFacts } from "../../components/runs/run-facts";
import { RunFiles } from "../../components/runs/run-files";
import { RunSelector } from "../../components/runs/run-selector";
import { ScreenshotImage } from "../../components/runs/screenshot-image";
import { NoStepScreenshot, StepDetails } from "../../components/runs/step-details";
import { StepsList } from "../../components/runs/steps-list";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { notify } from "../../components/ui/notify";
import { LiveRunPanel } from "./live-run-panel";
import { ShareRunButton } from "./share-run-button";
import { useRunEvents } from "./use-run-events";
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
  else if (runsError)
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <p>The runs of this task could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
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

/** Seconds since `from`, ticking while `active`. */
function useElapsedSeconds(from: string | null | undefined, active: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  if (!from || !active) return null;
  return Math.max(0, Math.round((now - new Date(from).getTime()) / 1000));
}

function RunView({ taskId, runId, runs }: { taskId: string; runId: string; runs: Run[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useQuery(accountQueryOptions);
  const [polling, setPolling] = useState(false);
  const run = useQuery({ ...runQueryOptions(runId), refetchInterval: polling ? 3000 : false });
  const stream = useRunEvents(run.data);
  const pending = run.data?.status === "pending";
  const pollNow = pending && stream === "failed";
  if (pollNow !== polling) setPolling(pollNow);

  // While the stream is live it fills the steps (it replays every step from the first); otherwise fetch them.
  const steps = useQuery({
    ...stepsQueryOptions(runId),
    enabled: run.isSuccess && (!pending || stream === "failed"),
    refetchInterval: pollNow ? 3000 : false,
  });
  const stepList = steps.data ?? [];
  const [choice, setChoice] = useState<{ id: string; count: number } | null>(null);
  // The latest step is selected unless the person picked one since the last step arrived.
  const chosen = choice && choice.count === stepList.length ? stepList.find((step) => step.id === choice.id) : undefined;
  const selected: Step | null = chosen ?? stepList.at(-1) ?? null;
  // Stacked (phones), the details sit above the list: a picked step is scrolled into view.
  const detailsRef = useRef<HTMLElement>(null);
  const elapsed = useElapsedSeconds(run.data?.started_at ?? run.data?.created_at, pending);

  const [busy, setBusy] = useState<"cancel" | "public" | null>(null);

  // Keep the run selector's label in step with the run shown (it may have ended since the list loaded).
  const shown = run.data;
  useEffect(() => {
    if (!shown) return;
    queryClient.setQueryData<Run[]>(tasksKeys.runs(taskId), (list) =>
      list?.some((item) => item.id === shown.id && item.status !== shown.status)
        ? list.map((item) => (item.id === shown.id ? shown : item))
        : list,
    );
  }, [queryClient, shown, taskId]);

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
  const options = runs.some((item) => item.id === current.id) ? runs : [current, ...runs];

  async function cancel() {
    setBusy("cancel");
    try {
      const next = await cancelRun(current.id);
      queryClient.setQueryData(runsKeys.run(current.id), next);
      void queryClient.invalidateQueries({ queryKey: tasksKeys.runs(taskId) });
      notify.success("Run cancelled", "The agent has been stopped.");
    } catch (error) {
      void run.refetch();
      const ended = error instanceof ApiRequestError && error.status === 409;
      notify.error("Error", ended ? "The run had already ended." : "Failed to cancel the run. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  async function makePublic() {
    setBusy("public");
    try {
      await makeRunPublic(current.id);
      queryClient.setQueryData<Run>(runsKeys.run(current.id), (data) => (data ? { ...data, public: true } : data));
      notify.success("Success", "Task run has been made public successfully!");
    } catch {
      notify.error("Error", "Failed to make task run public. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  const final = !pending;
  const results = <ResultsPanel run={current} headingLevel="h2" />;

  return (
    <div className="grid min-w-0 gap-5">
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <RunHeading />
          <div className="flex flex-wrap gap-2">
            {pending ? (
              <Button variant="outline" size="sm" onClick={() => void cancel()} disabled={busy !== null}>
                {busy === "cancel" ? <Spinner /> : <Square aria-hidden="true" />}
                Cancel run
              </Button>
            ) : null}
            <ShareRunButton runId={current.id} />
            {account.data?.isAdmin && !current.public ? (
              <Button variant="outline" size="sm" onClick={() => void makePublic()} disabled={busy !== null}>
                {busy === "public" ? <Spinner /> : <Globe aria-hidden="true" />}
                Make Public
              </Button>
            ) : null}
            {account.data?.isAdmin && current.public ? (
              <Button asChild variant="outline" size="sm">
                <a href={`/demo/${current.id}`} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  View Demo
                </a>
              </Button>
            ) : null}
          </div>
        </div>
        {/* The prompt the run ran with (the task may have changed since); in full in Task Details. */}
        <p className="-mt-1 truncate text-sm text-muted-foreground" title={current.prompt}>
          {current.prompt}
        </p>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <div className="grid min-w-0 flex-1 basis-full gap-1.5 sm:flex sm:flex-none sm:basis-auto sm:items-center sm:gap-2">
            <Label htmlFor="run-selector">Run</Label>
            <RunSelector
              id="run-selector"
              runs={options}
              value={current.id}
              onChange={(id) => void navigate(`/tasks/${taskId}/task-runs/${id}`)}
              className="sm:w-[19rem]"
            />
          </div>
          <RunCreated run={current} />
          <RunFacts run={current} elapsed={elapsed} className="basis-full" />
        </div>
      </div>

      {current.time_limit_note ? (
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {current.time_limit_note}
          {pending ? ` It stops after ${current.time_limit} s.` : null}
        </p>
      ) : null}

      {/* A finished run leads with its answer; a pending one with its steps. */}
      {final ? results : null}
      {final ? <RunFiles runId={current.id} steps={stepList.length} /> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,17rem)_minmax(0,1fr)]">
        {/* Before the list in the page, so on a phone the latest screenshot comes first. */}
        <section ref={detailsRef} aria-labelledby="step-details-heading" className="grid min-w-0 scroll-mt-4 content-start gap-3 lg:col-start-2 lg:row-start-1">
          <StepDetails
            step={selected}
            headingLevel="h3"
            title={
              <h2 id="step-details-heading" className="font-semibold">
                Step Details
              </h2>
            }
            screenshot={
              selected?.has_screenshot ? (
                <ScreenshotImage
                  type="steps"
                  id={selected.id}
                  alt={`Screenshot of step ${selected.number}`}
                  fit="contain"
                  zoomable
                  className="aspect-[16/10] w-full rounded-lg border"
                />
              ) : (
                <NoStepScreenshot />
              )
            }
          />
        </section>
        <section aria-labelledby="steps-heading" className="grid min-w-0 content-start gap-3 lg:col-start-1 lg:row-start-1">
          <h2 id="steps-heading" className="font-semibold">
            Steps{stepList.length ? <span className="ml-2 text-sm font-normal text-muted-foreground">{stepList.length}</span> : null}
          </h2>
          {steps.isError && !pending ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
              <p>The steps could not be loaded.</p>
              <Button variant="outline" size="sm" onClick={() => void steps.refetch()}>
                Try again
              </Button>
            </div>
          ) : !pending && steps.isPending ? (
            <div className="grid gap-2" role="status" aria-label="Loading steps">
              {Array.from({ length: 3 }, (_, index) => (
                <Skeleton key={index} className="h-16 w-full" />
              ))}
            </div>
          ) : !pending && stepList.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No steps were recorded for this run.</p>
          ) : (
            <StepsList
              steps={stepList}
              selectedId={selected?.id ?? null}
              onSelect={(step) => {
                setChoice({ id: step.id, count: stepList.length });
                detailsRef.current?.scrollIntoView({ block: "nearest" });
              }}
              waiting={pending}
              followLatest={!chosen}
            />
          )}
        </section>
      </div>

      {/* Only while the run is pending: when it ends, the browser goes and the steps show the result. */}
      {pending ? <LiveRunPanel runId={current.id} /> : null}
      {pending ? results : null}
      {pending ? <RunFiles runId={current.id} steps={stepList.length} /> : null}

      {current.webhook_url ? <WebhookDeliveries run={current} /> : null}
    </div>
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
      <div className="grid gap-4 lg:grid-cols-[17rem_1fr]">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
