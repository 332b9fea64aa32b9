import { NO_SCHEDULE_MESSAGE } from "@errand/contract";
import { taskSchedules, tasks } from "@errand/db";
import { ServiceError } from "../errors.ts";
import { ownership, type Owner, type Queryable } from "../ownership.ts";
import { ownTask } from "../tasks/own-task.ts";

export const noSchedule = () => new ServiceError("not_found", NO_SCHEDULE_MESSAGE);

/** A schedule is found by its task id (one per task); `callersSchedule` is the where clause of a write. */
const schedules = ownership(taskSchedules, taskSchedules.taskId, taskSchedules.workspaceId, noSchedule);
export const callersSchedule = schedules.where;

/** The schedule of one of the caller's tasks: "Task not found" for another user's task, else the reason there is none. */
export async function ownSchedule(db: Queryable, owner: Owner, taskId: string) {
  await ownTask(db, owner, taskId, { id: tasks.id });
  return schedules.own(db, owner, taskId);
}
