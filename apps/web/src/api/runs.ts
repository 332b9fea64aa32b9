import { queryOptions, replaceEqualDeep } from "@tanstack/react-query";
import {
  createRunResponseSchema,
  recentRunsSchema,
  runSchema,
  stepSchema,
  DASHBOARD_HISTORY_SIZE,
  type CreatedRun,
  type Run,
  type Step,
} from "@errand/contract";
import { laterRun } from "../lib/run-status";
import type { RunRequestBody } from "../lib/task-form";
import { apiRequest, type Parser } from "./http";
import { listParser } from "./parsers";

export const runsKeys = {
  all: ["runs"] as const,
  recent: () => ["runs", "recent"] as const,
  run: (id: string) => ["runs", id] as const,
  steps: (id: string) => ["runs", id, "steps"] as const,
};

/** POST /runs: a new task from the prompt, and its first run. */
export function createRun(body: RunRequestBody): Promise<CreatedRun> {
  return apiRequest("/api/v1/runs", createRunResponseSchema, { method: "POST", body });
}

/** POST /tasks/{id}/runs: run a saved task again. */
export function createTaskRun(taskId: string, body: RunRequestBody): Promise<CreatedRun> {
  return apiRequest(`/api/v1/tasks/${encodeURIComponent(taskId)}/runs`, createRunResponseSchema, { method: "POST", body });
}

export function cancelRun(runId: string): Promise<Run> {
  return apiRequest(`/api/v1/runs/${encodeURIComponent(runId)}/cancel`, runSchema, { method: "POST" });
}

const makePublicParser: Parser<{ id: string; public: boolean }> = {
  parse: (data) => {
    const value = (data ?? {}) as { id?: unknown; public?: unknown };
    return { id: String(value.id ?? ""), public: value.public === true };
  },
};

/** GET /runs/{id}/make-public (admins only). */
export function makeRunPublic(runId: string): Promise<{ id: string; public: boolean }> {
  return apiRequest(`/api/v1/runs/${encodeURIComponent(runId)}/make-public`, makePublicParser);
}

export const runQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: runsKeys.run(runId),
    queryFn: ({ signal }) => apiRequest(`/api/v1/runs/${encodeURIComponent(runId)}`, runSchema, { signal }),
    // An answer read before the run ended never takes the page back to Pending.
    structuralSharing: (shown: unknown, read: unknown) => replaceEqualDeep(shown, laterRun(shown as Run | undefined, read as Run)),
  });

const stepsParser = listParser("steps", stepSchema);

/** GET /runs/{id}/steps. */
export async function fetchRunSteps(runId: string, signal?: AbortSignal): Promise<Step[]> {
  return (await apiRequest(`/api/v1/runs/${encodeURIComponent(runId)}/steps`, stepsParser, { signal })).steps;
}

export const stepsQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: runsKeys.steps(runId),
    queryFn: ({ signal }) => fetchRunSteps(runId, signal),
  });

/** The dashboard's Task History: the latest runs with their task's prompt. */
export const recentRunsQueryOptions = queryOptions({
  queryKey: runsKeys.recent(),
  queryFn: ({ signal }) => apiRequest(`/api/v1/runs?limit=${DASHBOARD_HISTORY_SIZE}`, recentRunsSchema, { signal }),
  // Keep pending runs' statuses moving while the dashboard is open.
  refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === "pending") ? 5000 : false),
});

export const parseRun = (data: unknown): Run => runSchema.parse(data);
export const parseStep = (data: unknown): Step => stepSchema.parse(data);
