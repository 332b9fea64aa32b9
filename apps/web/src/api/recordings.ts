import { queryOptions } from "@tanstack/react-query";
import { taskOperations } from "@errand/contract";
import { callOperation } from "./operation";
import { tasksKeys } from "./tasks";

export const recordingKeys = {
  list: (taskId: string) => [...tasksKeys.task(taskId), "recordings"] as const,
};

/** GET /tasks/{id}/recordings: what re-running the task replays, newest version first. */
export const recordingsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: recordingKeys.list(taskId),
    queryFn: ({ signal }) => callOperation(taskOperations.listTaskRecordings, { params: { id: taskId }, signal }),
  });
