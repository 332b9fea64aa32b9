import { apiErrorSchema } from "../errors.ts";
import {
  NO_SCHEDULE_MESSAGE,
  SCHEDULE_MIN_INTERVAL_MINUTES,
  SCHEDULE_NEXT_RUNS,
  scheduleInputSchema,
  scheduleSchema,
} from "../schedules.ts";
import { area, byId, idParam, jsonBody, jsonContent, noContent, ok } from "./describe.ts";

const op = area(["Schedules"]);
const RUNS =
  "Each slot creates one ordinary run of the task with its saved settings (`mode: auto`: the task's recording is replayed when it has one), billed like any run and sent to the task's `webhook_url`. " +
  "When the balance or the pending-run limit refuses the run, the slot is skipped and `last_error` says why. A slot missed while the server was down runs once when it is back, not once per missed slot.";
/** Where there is no schedule to act on. */
const noSchedule = { 404: jsonContent(apiErrorSchema, `No such task (or not yours), or "${NO_SCHEDULE_MESSAGE}"`) };

export const scheduleOperations = {
  getTaskSchedule: op("getTaskSchedule", {
    summary: "A task's schedule, with its next runs",
    request: byId,
    responses: ok(scheduleSchema, `The schedule; \`next_runs\` lists the next ${SCHEDULE_NEXT_RUNS} runs`, noSchedule),
  }),
  setTaskSchedule: op("setTaskSchedule", {
    summary: "Schedule a task, or change its schedule",
    description: `${RUNS} A cron expression may not fire more often than every ${SCHEDULE_MIN_INTERVAL_MINUTES} minutes. Replacing a paused schedule keeps it paused.`,
    request: { params: idParam, body: jsonBody(scheduleInputSchema) },
    responses: ok(scheduleSchema, "The saved schedule"),
  }),
  pauseTaskSchedule: op("pauseTaskSchedule", {
    summary: "Pause a task's schedule",
    description: "No run is created until it is resumed. Pausing a paused schedule changes nothing.",
    request: byId,
    responses: ok(scheduleSchema, "The paused schedule", noSchedule),
  }),
  resumeTaskSchedule: op("resumeTaskSchedule", {
    summary: "Resume a paused schedule",
    description: "The next run is the first slot after now: slots that passed while it was paused do not run.",
    request: byId,
    responses: ok(scheduleSchema, "The running schedule", noSchedule),
  }),
  deleteTaskSchedule: op("deleteTaskSchedule", {
    summary: "Remove a task's schedule",
    description: "The task and its runs stay; no further run is created.",
    request: byId,
    responses: noContent("Removed", noSchedule),
  }),
};
