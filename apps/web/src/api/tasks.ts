import { queryOptions } from "@tanstack/react-query";
import { runSchema, taskListSchema, taskSchema, type Run, type Task } from "@errand/contract";
import type { TaskUpdateBody } from "../lib/task-form";
import { apiRequest } from "./http";
import { listParser } from "./parsers";

export const tasksKeys = {
  all: ["tasks"] as const,
  list: (page: number) => ["tasks", "list", page] as const,
  task: (id: string) => ["tasks", "one", id] as const,
  runs: (id: string) => ["tasks", "one", id, "runs"] as const,
};

/** GET /tasks?page=N: pages of 10 newest first, each with up to 5 latest runs. */
export const taskListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: tasksKeys.list(page),
    queryFn: ({ signal }) => apiRequest(`/api/v1/tasks?page=${page}`, taskListSchema, { signal }),
  });

export const taskQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: tasksKeys.task(taskId),
    queryFn: ({ signal }) => apiRequest(`/api/v1/tasks/${encodeURIComponent(taskId)}`, taskSchema, { signal }),
  });

const runsParser = listParser("runs", runSchema);

/** A task's runs, newest first. */
export const taskRunsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: tasksKeys.runs(taskId),
    queryFn: async ({ signal }): Promise<Run[]> =>
      (await apiRequest(`/api/v1/tasks/${encodeURIComponent(taskId)}/runs`, runsParser, { signal })).runs,
  });

export function updateTask(taskId: string, body: TaskUpdateBody): Promise<Task> {
  return apiRequest(`/api/v1/tasks/${encodeURIComponent(taskId)}`, taskSchema, { method: "PATCH", body });
}
