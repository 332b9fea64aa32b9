import { queryOptions } from "@tanstack/react-query";
import { runSchema, taskListSchema, taskSchema, type Run, type Task } from "@errand/contract";
import type { TaskUpdateBody } from "../lib/task-form";
import { apiRequest, ignoreBody } from "./http";
import { listParser } from "./parsers";

export const tasksKeys = {
  all: ["tasks"] as const,
  list: (page: number, search = "") => ["tasks", "list", page, search] as const,
  task: (id: string) => ["tasks", "one", id] as const,
  runs: (id: string) => ["tasks", "one", id, "runs"] as const,
};

/** GET /tasks?page=N&search=text: pages of 10 newest first, each with up to 5 latest runs. */
export const taskListQueryOptions = (page: number, search = "") =>
  queryOptions({
    queryKey: tasksKeys.list(page, search),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), ...(search ? { search } : {}) });
      return apiRequest(`/api/v1/tasks?${query.toString()}`, taskListSchema, { signal });
    },
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

/** DELETE /tasks/{id} (204): the task with its runs; a running run is cancelled first. */
export function deleteTask(taskId: string): Promise<void> {
  return apiRequest(`/api/v1/tasks/${encodeURIComponent(taskId)}`, ignoreBody, { method: "DELETE" });
}
