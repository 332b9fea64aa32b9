import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Run, Step } from "@errand/contract";
import { accountQueryKey } from "../../api/account";
import { parseRun, parseStep } from "../../api/run-event-parsers";
import { fetchRunSteps, pushedRuns, runsKeys } from "../../api/runs";
import { tasksKeys } from "../../api/tasks";
import { isFinalStatus } from "../../lib/runs/run-status";
import { mergeSteps } from "../../lib/runs/steps";
import { canFollowRuns, watchRunEvents } from "./run-events-hub";

export type StreamState = "idle" | "live" | "failed";

/**
 * Live steps and status of a pending run, from the browser's one event stream (run-events-hub).
 * Steps go into the steps cache in step order and the run into the run cache; when the hub says
 * something may have been missed, the run and its steps are read again (the run query keeps an
 * ended run ended: see laterRun). Once the run has ended the page stops following it.
 * Returns "failed" where the browser cannot follow a stream, or while the stream is silent, so
 * the caller polls instead.
 */
export function useRunEvents(run: Run | undefined): StreamState {
  const queryClient = useQueryClient();
  const runId = run?.id;
  const taskId = run?.task_id;
  const active = run !== undefined && !isFinalStatus(run.status);
  const supported = canFollowRuns();
  const [silentFor, setSilentFor] = useState<string | null>(null);

  useEffect(() => {
    if (!active || !runId || !taskId || !supported) return;
    let reading: AbortController | null = null;

    const reread = () => {
      void queryClient.invalidateQueries({ queryKey: runsKeys.run(runId), exact: true });
      reading?.abort();
      const controller = (reading = new AbortController());
      fetchRunSteps(runId, controller.signal).then(
        (steps) => queryClient.setQueryData<Step[]>(runsKeys.steps(runId), (current) => mergeSteps(current ?? [], steps)),
        () => undefined, // the next event or re-read brings them
      );
    };

    const onStep = (data: unknown) => {
      const step = parsedEvent(parseStep, data, "step");
      if (step) queryClient.setQueryData<Step[]>(runsKeys.steps(runId), (current) => mergeSteps(current ?? [], [step]));
    };

    const onRun = (data: unknown) => {
      const next = parsedEvent(parseRun, data, "run");
      if (!next) return;
      pushedRuns.note(next);
      queryClient.setQueryData(runsKeys.run(runId), next);
      queryClient.setQueryData<Run[]>(tasksKeys.runs(taskId), (list) => list?.map((item) => (item.id === next.id ? next : item)));
      if (isFinalStatus(next.status)) {
        void queryClient.invalidateQueries({ queryKey: runsKeys.steps(runId) });
        void queryClient.invalidateQueries({ queryKey: runsKeys.recent() });
        void queryClient.invalidateQueries({ queryKey: accountQueryKey });
        void queryClient.invalidateQueries({ queryKey: ["tasks", "list"] });
        void queryClient.invalidateQueries({ queryKey: ["screenshot", "runs", runId] });
      }
    };

    const stop = watchRunEvents(runId, (message) => {
      if (message.type === "reread") reread();
      else if (message.type === "health") setSilentFor(message.live ? null : runId);
      else if (message.type === "step") onStep(message.data);
      else onRun(message.data);
    });
    return () => {
      stop();
      reading?.abort();
      pushedRuns.forget(runId);
    };
  }, [active, queryClient, runId, taskId, supported]);

  if (!active) return "idle";
  return supported && silentFor !== runId ? "live" : "failed";
}

/** An event's data once it has what the page keys it by; a malformed one is ignored (the next event or re-read corrects the page). */
function parsedEvent<T>(parse: (data: unknown) => T, data: unknown, kind: string): T | null {
  try {
    return parse(data);
  } catch (error) {
    console.warn(`Ignoring a malformed ${kind} event`, error);
    return null;
  }
}
