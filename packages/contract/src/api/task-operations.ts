import { recordingListSchema } from "../recordings.ts";
import { taskListQuerySchema, taskListSchema, taskSchema, taskUpdateSchema } from "../tasks.ts";
import { z } from "zod";
import { byId, commonErrors, idParam, ok } from "./describe.ts";
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
  exportRecordingPlaywright: task.op("exportRecordingPlaywright", {
    summary: "A recording as a Playwright script to run without Errand",
    description:
      "A standalone Playwright script in TypeScript (a download, Content-Disposition names it) doing the recording's steps: each element found through the same ladder of locators, the page checked to be where each step left it, the answer read off the last page and printed. Run it with `npm install playwright` and `node <file>` (Node 22.18 or later; `name=value` arguments change its parameters), or ask for `form=spec` and run the file (named `.spec.ts`) with `npx playwright test`. In either form `PARAM_<name>` in the environment changes a parameter. A step that typed a secret, or opened a sign-in link from a mailbox, reads it from the environment variable SECRET_STEP_<n>: recordings never keep secrets.",
    request: {
      params: z.object({
        id: idParam.shape.id,
        version: z.coerce
          .number({ error: "version must be a recording's version" })
          .int({ error: "version must be a recording's version" })
          .min(1, { error: "version must be a recording's version" })
          .meta({ description: "The recording's version (GET /tasks/{id}/recordings lists them)." }),
      }),
      query: z.object({
        form: z
          .enum(["node", "spec"], { error: "form must be node or spec" })
          .default("node")
          .meta({ description: "node: a script for `node <file>`; spec: a test for `npx playwright test`." }),
      }),
    },
    responses: {
      200: { description: "The script (text/plain, as an attachment)", content: { "text/plain": { schema: z.string() } } },
      ...commonErrors,
    },
  }),
};
