import { recordingListSchema } from "../recordings.ts";
import { taskListQuerySchema, taskListSchema, taskSchema, taskUpdateSchema } from "../tasks.ts";
import { commonErrors, idParam, jsonBody, jsonContent, operation } from "./describe.ts";

const tags = ["Tasks"];

export const taskOperations = {
  listTasks: operation("listTasks", {
    tags,
    summary: "Your tasks, newest first, 10 per page, each with its 5 latest runs",
    description: "`search` keeps the tasks whose prompt contains the text (case-insensitive); `total` counts those.",
    request: { query: taskListQuerySchema },
    responses: { 200: jsonContent(taskListSchema, "A page of tasks"), ...commonErrors },
  }),
  getTask: operation("getTask", {
    tags,
    summary: "A task with its settings",
    request: { params: idParam },
    responses: { 200: jsonContent(taskSchema, "The task"), ...commonErrors },
  }),
  updateTask: operation("updateTask", {
    tags,
    summary: "Change a task's prompt and settings (its past runs keep theirs)",
    description: 'Only the fields sent change; a field sent as "" or null is cleared (session_timeout: back to 300).',
    request: { params: idParam, body: jsonBody(taskUpdateSchema) },
    responses: { 200: jsonContent(taskSchema, "The saved task"), ...commonErrors },
  }),
  deleteTask: operation("deleteTask", {
    tags,
    summary: "Delete a task with all its runs",
    description:
      "Deletes the task, its runs, their steps and screenshots; this cannot be undone. A run still waiting or running is cancelled first (its hold on your balance is released; the seconds it ran are charged as for a cancel). Share links of its runs stop working.",
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...commonErrors },
  }),
  listTaskRecordings: operation("listTaskRecordings", {
    tags,
    summary: "A task's recordings: what re-running it replays without the model",
    description:
      "A successful run of a task records its browser actions (each element with a ladder of locators, the step's intent, the page's address after it) and how its answer is read off the last page. Re-running the task (mode auto) replays the newest recording; a replay the agent had to repair leaves the next version. Typed words of the prompt are parameters; secrets are never recorded. Newest first, at most 20.",
    request: { params: idParam },
    responses: { 200: jsonContent(recordingListSchema, "The task's recordings"), ...commonErrors },
  }),
};
