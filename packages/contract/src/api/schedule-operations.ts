import { apiErrorSchema } from "../errors.ts";
import {
  NO_SCHEDULE_MESSAGE,
  SCHEDULE_MIN_INTERVAL_MINUTES,
  SCHEDULE_NEXT_RUNS,
  scheduleInputSchema,
  scheduleSchema,
} from "../schedules.ts";
import { commonErrors, idParam, jsonBody, jsonContent, operation } from "./describe.ts";

const tags = ["Schedules"];
const RUNS =
  "Each slot creates one ordinary run of the task with its saved settings (`mode: auto`: the task's recording is replayed when it has one), billed like any run and sent to the task's `webhook_url`. " +
  "When the balance or the pending-run limit refuses the run, the slot is skipped and `last_error` says why. A slot missed while the server was down runs once when it is back, not once per missed slot.";
const notFound = jsonContent(apiErrorSchema, `No such task (or not yours), or "${NO_SCHEDULE_MESSAGE}"`);

export const scheduleOperations = {
  getTaskSchedule: operation("getTaskSchedule", {
    tags,
    summary: "A task's schedule, with its next runs",
    request: { params: idParam },
    responses: {
      200: jsonContent(scheduleSchema, `The schedule; \`next_runs\` lists the next ${SCHEDULE_NEXT_RUNS} runs`),
      ...commonErrors,
      404: notFound,
    },
  }),
  setTaskSchedule: operation("setTaskSchedule", {
    tags,
    summary: "Schedule a task, or change its schedule",
    description: `${RUNS} A cron expression may not fire more often than every ${SCHEDULE_MIN_INTERVAL_MINUTES} minutes. Replacing a paused schedule keeps it paused.`,
    request: { params: idParam, body: jsonBody(scheduleInputSchema) },
    responses: { 200: jsonContent(scheduleSchema, "The saved schedule"), ...commonErrors },
  }),
  pauseTaskSchedule: operation("pauseTaskSchedule", {
    tags,
    summary: "Pause a task's schedule",
    description: "No run is created until it is resumed. Pausing a paused schedule changes nothing.",
    request: { params: idParam },
    responses: { 200: jsonContent(scheduleSchema, "The paused schedule"), ...commonErrors, 404: notFound },
  }),
  resumeTaskSchedule: operation("resumeTaskSchedule", {
    tags,
    summary: "Resume a paused schedule",
    description: "The next run is the first slot after now: slots that passed while it was paused do not run.",
    request: { params: idParam },
    responses: { 200: jsonContent(scheduleSchema, "The running schedule"), ...commonErrors, 404: notFound },
  }),
  deleteTaskSchedule: operation("deleteTaskSchedule", {
    tags,
    summary: "Remove a task's schedule",
    description: "The task and its runs stay; no further run is created.",
    request: { params: idParam },
    responses: { 204: { description: "Removed" }, ...commonErrors, 404: notFound },
  }),
};
