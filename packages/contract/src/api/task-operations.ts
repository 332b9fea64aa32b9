import { recordingListSchema } from "../recordings.ts";
import { taskListQuerySchema, taskListSchema, taskSchema, taskUpdateSchema } from "../tasks.ts";
import { byId, ok } from "./describe.ts";
import { resource } from "./resource.ts";

const task = resource(["Tasks"], taskSchema);

export const taskOperations = {
  listTasks: task.list("listTasks", taskListSchema, {
    summary: "Your tasks, newest first, 10 per page, each with its 5 latest runs",
    description: "`search` keeps the tasks whose prompt contains the text (case-insensitive); `total` counts those.",
    request: { query: taskListQuerySchema },
    answer: "A page of tasks",
  }),
  getTask: task.get("getTask", { summary: "A task with its settings", answer: "The task" }),
  updateTask: task.update("updateTask", taskUpdateSchema, {
    summary: "Change a task's prompt and settings (its past runs keep theirs)",
    description:
      'Only the fields sent change; a field sent as "" or null is cleared (session_timeout: back to 300, on_limit: back to stop). max_cost_usd, max_steps and on_limit are the caps its next runs start with, checked as on POST /runs.',
    answer: "The saved task",
  }),
  deleteTask: task.delete("deleteTask", {
    summary: "Delete a task with all its runs",
    description:
      "Deletes the task, its runs, their steps and screenshots; this cannot be undone. A run still waiting or running is cancelled first (its hold on your balance is released; the seconds it ran are charged as for a cancel). Share links of its runs stop working.",
  }),
  listTaskRecordings: task.op("listTaskRecordings", {
    summary: "A task's recordings: what re-running it replays without the model",
    description:
      "A successful run of a task records its browser actions (each element with a ladder of locators, the step's intent, the page's address after it) and how its answer is read off the last page. Re-running the task (mode auto) replays the newest recording; a replay the agent had to repair leaves the next version. Typed words of the prompt are parameters; secrets are never recorded. Newest first, at most 20.",
    request: byId,
    responses: ok(recordingListSchema, "The task's recordings"),
  }),
};
