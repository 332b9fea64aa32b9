import { queryOptions, replaceEqualDeep } from "@tanstack/react-query";
import { DASHBOARD_HISTORY_SIZE, type ApiBody, type CreatedRun, type FailureKind, type Run, type Step } from "@errand/contract";
import { createPushedRuns } from "../lib/runs/pushed-runs";
import { laterRun } from "../lib/runs/run-status";
import { callOperation } from "./operation";

export const runsKeys = {
  all: ["runs"] as const,
  recent: () => ["runs", "recent"] as const,
  run: (id: string) => ["runs", id] as const,
  steps: (id: string) => ["runs", id, "steps"] as const,
};

/** POST /runs: a new task from the prompt, and its first run. */
export function createRun(body: ApiBody<"createRun">): Promise<CreatedRun> {
  return callOperation("createRun", { body });
}

/** POST /tasks/{id}/runs: run a saved task again. */
export function createTaskRun(taskId: string, body: ApiBody<"createTaskRun">): Promise<CreatedRun> {
  return callOperation("createTaskRun", { params: { id: taskId }, body });
}

export function cancelRun(runId: string): Promise<Run> {
  return callOperation("cancelRun", { params: { id: runId } });
}

/** PATCH /runs/{id}/limits: a pending run's new cost or step limit; the run sees it after its current step. */
export function setRunLimits(runId: string, body: ApiBody<"setRunLimits">) {
  return callOperation("setRunLimits", { params: { id: runId }, body });
}

/** GET /runs/{id}/make-public (admins only). */
export function makeRunPublic(runId: string): Promise<{ id: string; public: boolean }> {
  return callOperation("makeRunPublic", { params: { id: runId } });
}

/** What the live stream pushed (use-run-events notes it): a read sent before a push does not undo it. */
export const pushedRuns = createPushedRuns<Run>();

export const runQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: runsKeys.run(runId),
    queryFn: async ({ signal }) => {
      const sentAt = pushedRuns.now();
      return pushedRuns.newest(await callOperation("getRun", { params: { id: runId }, signal }), sentAt);
    },
    // An answer read before the run ended never takes the page back to Pending.
    structuralSharing: (shown: unknown, read: unknown) => replaceEqualDeep(shown, laterRun(shown as Run | undefined, read as Run)),
  });

/** GET /runs/{id}/steps. */
export async function fetchRunSteps(runId: string, signal?: AbortSignal): Promise<Step[]> {
  return (await callOperation("listRunSteps", { params: { id: runId }, signal })).steps;
}

export const stepsQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: runsKeys.steps(runId),
    queryFn: ({ signal }) => fetchRunSteps(runId, signal),
  });

/** The dashboard's Task History: the latest runs with their task's prompt; only those that failed with `failureKind` when given. */
export const recentRunsQueryOptions = (failureKind: FailureKind | null = null) =>
  queryOptions({
    // Under runsKeys.recent(): invalidating it refreshes every filter.
    queryKey: [...runsKeys.recent(), failureKind ?? "all"],
    queryFn: ({ signal }) =>
      callOperation("listRecentRuns", {
        query: { limit: DASHBOARD_HISTORY_SIZE, ...(failureKind && { failure_kind: failureKind }) },
        signal,
      }),
    // Keep pending runs' statuses moving while the dashboard is open.
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === "pending") ? 5000 : false),
  });
