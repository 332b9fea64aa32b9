import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Run, Step } from "@errand/contract";
import { runQueryOptions, stepsQueryOptions } from "../../api/runs";
import { tasksKeys } from "../../api/tasks";
import { useRunEvents } from "./use-run-events";

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

/**
 * A run and its steps, live while it is pending: from the event stream, or by polling every 3 s
 * where the stream fails. Keeps the run selector's label in step with the run shown.
 */
function useLiveRun(taskId: string, runId: string) {
  const queryClient = useQueryClient();
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

  // The run may have ended since the task's run list loaded.
  const shown = run.data;
  useEffect(() => {
    if (!shown) return;
    queryClient.setQueryData<Run[]>(tasksKeys.runs(taskId), (list) =>
      list?.some((item) => item.id === shown.id && item.status !== shown.status)
        ? list.map((item) => (item.id === shown.id ? shown : item))
        : list,
    );
  }, [queryClient, shown, taskId]);

  return { run, steps, pending };
}

/** The step shown in Step Details: the latest, unless the person picked one since the last step arrived. */
function useStepChoice(stepList: Step[]) {
  const [choice, setChoice] = useState<{ id: string; count: number } | null>(null);
  const chosen = choice && choice.count === stepList.length ? stepList.find((step) => step.id === choice.id) : undefined;
  return {
    selected: chosen ?? stepList.at(-1) ?? null,
    /** Whether the list follows the latest step (nothing picked since it arrived). */
    following: !chosen,
    choose: (step: Step) => setChoice({ id: step.id, count: stepList.length }),
  };
}

/** What the run page shows of one run: the run, its steps, the step in view and the time it has run. */
export function useRunView(taskId: string, runId: string) {
  const { run, steps, pending } = useLiveRun(taskId, runId);
  const stepList = steps.data ?? [];
  const choice = useStepChoice(stepList);
  // Stacked (phones), the details sit above the list: a picked step is scrolled into view.
  const detailsRef = useRef<HTMLElement>(null);
  const elapsed = useElapsedSeconds(run.data?.started_at ?? run.data?.created_at, pending);
  return {
    run,
    steps,
    stepList,
    pending,
    elapsed,
    detailsRef,
    ...choice,
    choose: (step: Step) => {
      choice.choose(step);
      detailsRef.current?.scrollIntoView({ block: "nearest" });
    },
  };
}

export type RunViewState = ReturnType<typeof useRunView>;
