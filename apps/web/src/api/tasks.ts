import { queryOptions } from "@tanstack/react-query";
import type { ApiBody, Run, Task } from "@errand/contract";
import { callOperation } from "./operation";

export const tasksKeys = {
  all: ["tasks"] as const,
  list: (page: number, search = "", tag = "") => ["tasks", "list", page, search, tag] as const,
  task: (id: string) => ["tasks", "one", id] as const,
  runs: (id: string) => ["tasks", "one", id, "runs"] as const,
};

/** GET /tasks?page=N&search=text&tag=word: pages of 10 newest first, each with up to 5 latest runs. */
export const taskListQueryOptions = (page: number, search = "", tag = "") =>
  queryOptions({
    queryKey: tasksKeys.list(page, search, tag),
    queryFn: ({ signal }) => callOperation("listTasks", { query: { page, search, tag }, signal }),
  });

export const taskQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: tasksKeys.task(taskId),
    queryFn: ({ signal }) => callOperation("getTask", { params: { id: taskId }, signal }),
  });

/** A task's runs, newest first. */
export const taskRunsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: tasksKeys.runs(taskId),
    queryFn: async ({ signal }): Promise<Run[]> => (await callOperation("listTaskRuns", { params: { id: taskId }, signal })).runs,
  });

export function updateTask(taskId: string, body: ApiBody<"updateTask">): Promise<Task> {
  return callOperation("updateTask", { params: { id: taskId }, body });
}

/** DELETE /tasks/{id} (204): the task with its runs; a running run is cancelled first. */
export function deleteTask(taskId: string): Promise<void> {
  return callOperation("deleteTask", { params: { id: taskId } });
}
