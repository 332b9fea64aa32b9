import { queryOptions } from "@tanstack/react-query";

import { apiFileText } from "./http";
import { callOperation, operationUrl } from "./operation";
import { tasksKeys } from "./tasks";

export const recordingKeys = {
  list: (taskId: string) => [...tasksKeys.task(taskId), "recordings"] as const,
};

/** GET /tasks/{id}/recordings: what re-running the task replays, newest version first. */
export const recordingsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: recordingKeys.list(taskId),
    queryFn: ({ signal }) => callOperation("listTaskRecordings", { params: { id: taskId }, signal }),
  });

/** GET /tasks/{id}/recordings/{version}/playwright: the script's text and file name, fetched in the chosen workspace. */
export function getRecordingPlaywrightScript(taskId: string, version: number): Promise<{ text: string; fileName: string | null }> {
  return apiFileText(operationUrl("exportRecordingPlaywright", { id: taskId, version }));
}
