import { queryOptions } from "@tanstack/react-query";
import { NO_SCHEDULE_MESSAGE, type ApiBody, type Schedule } from "@errand/contract";
import { ApiRequestError } from "./http";
import { callOperation } from "./operation";
import { tasksKeys } from "./tasks";

export const scheduleKeys = {
  schedule: (taskId: string) => [...tasksKeys.task(taskId), "schedule"] as const,
};

/** GET /tasks/{id}/schedule; null when the task has no schedule (404). */
export const scheduleQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: scheduleKeys.schedule(taskId),
    queryFn: async ({ signal }): Promise<Schedule | null> => {
      try {
        return await callOperation("getTaskSchedule", { params: { id: taskId }, signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404 && error.serverMessage === NO_SCHEDULE_MESSAGE) return null;
        throw error;
      }
    },
  });

export function setSchedule(taskId: string, body: ApiBody<"setTaskSchedule">): Promise<Schedule> {
  return callOperation("setTaskSchedule", { params: { id: taskId }, body });
}

export function pauseSchedule(taskId: string): Promise<Schedule> {
  return callOperation("pauseTaskSchedule", { params: { id: taskId } });
}

export function resumeSchedule(taskId: string): Promise<Schedule> {
  return callOperation("resumeTaskSchedule", { params: { id: taskId } });
}

export function deleteSchedule(taskId: string): Promise<void> {
  return callOperation("deleteTaskSchedule", { params: { id: taskId } });
}
