import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Run, Step } from "@errand/contract";
import { accountQueryKey } from "../../api/account";
import { parseRun, parseStep, runsKeys } from "../../api/runs";
import { tasksKeys } from "../../api/tasks";
import { isFinalStatus } from "../../lib/run-status";
import { mergeSteps } from "../../lib/steps";

export type StreamState = "idle" | "live" | "failed";

/**
 * Live steps and status of a pending run from GET /runs/{id}/events (Server-Sent Events).
 * Steps go into the steps cache in step order; a step with success true or false reloads the run;
 * the stream is closed once the run is final (the browser would otherwise reconnect forever).
 * Returns "failed" when the stream cannot be used, so the caller can poll instead.
 */
export function useRunEvents(run: Run | undefined): StreamState {
  const queryClient = useQueryClient();
  const runId = run?.id;
  const taskId = run?.task_id;
  const active = run !== undefined && !isFinalStatus(run.status);
  const [failedFor, setFailedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!active || !runId || !taskId || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/v1/runs/${encodeURIComponent(runId)}/events`);

    const onStep = (event: MessageEvent<string>) => {
      let step: Step;
      try {
        step = parseStep(JSON.parse(event.data));
      } catch (error) {
        console.warn("Ignoring a malformed step event", error);
        return;
      }
      queryClient.setQueryData<Step[]>(runsKeys.steps(runId), (current) => mergeSteps(current ?? [], [step]));
      if (step.success !== null) void queryClient.invalidateQueries({ queryKey: runsKeys.run(runId), exact: true });
    };

    const onRun = (event: MessageEvent<string>) => {
      let next: Run;
      try {
        next = parseRun(JSON.parse(event.data));
      } catch (error) {
        console.warn("Ignoring a malformed run event", error);
        return;
      }
      queryClient.setQueryData(runsKeys.run(runId), next);
      queryClient.setQueryData<Run[]>(tasksKeys.runs(taskId), (list) => list?.map((item) => (item.id === next.id ? next : item)));
      if (isFinalStatus(next.status)) {
        source.close();
        void queryClient.invalidateQueries({ queryKey: runsKeys.steps(runId) });
        void queryClient.invalidateQueries({ queryKey: runsKeys.recent() });
        void queryClient.invalidateQueries({ queryKey: accountQueryKey });
        void queryClient.invalidateQueries({ queryKey: ["tasks", "list"] });
        void queryClient.invalidateQueries({ queryKey: ["screenshot", "runs", runId] });
      }
    };

    source.addEventListener("step", onStep);
    source.addEventListener("run", onRun);
    // The browser reconnects by itself (with Last-Event-ID) after network errors;
    // CLOSED means it gave up (an error status), so the page falls back to polling.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setFailedFor(runId);
    };
    return () => source.close();
  }, [active, queryClient, runId, taskId]);

  if (!active) return "idle";
  return failedFor === runId ? "failed" : "live";
}
