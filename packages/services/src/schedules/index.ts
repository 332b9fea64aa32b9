// @errand/services/schedules: schedules of tasks (docs/adr/0023-schedules.md).
export { getTaskSchedule } from "./get-task-schedule.ts";
export { setTaskSchedule } from "./set-task-schedule.ts";
export { pauseTaskSchedule, resumeTaskSchedule } from "./pause-task-schedule.ts";
export { deleteTaskSchedule } from "./delete-task-schedule.ts";
export { runDueSchedules } from "./run-due-schedules.ts";
