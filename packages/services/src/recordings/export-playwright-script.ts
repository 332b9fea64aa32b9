import { taskRecordings, tasks, tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { ownTask } from "../tasks/own-task.ts";
import { requireRole } from "../workspaces/roles.ts";
import { playwrightScript, type ScriptForm } from "./playwright-script.ts";

/**
 * GET /tasks/{id}/recordings/{version}/playwright: one recording of the caller's task as a
 * Playwright script to run without Errand (docs/adr/0053-mailbox-codes-and-playwright-export.md),
 * for plain Node or, as `form` "spec", for `npx playwright test`.
 * It starts where the recorded run started: that run's start page, else the task's.
 */
export async function exportPlaywrightScript({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ taskId: string; version: number; form?: ScriptForm }>): Promise<{ filename: string; script: string }> {
  requireRole(caller, "read");
  const task = await ownTask(ctx.db, caller, input.taskId, { initialUrl: tasks.initialUrl });
  const [found] = await ctx.db
    .select({ recording: taskRecordings, startUrl: tasksRuns.initialUrl })
    .from(taskRecordings)
    .leftJoin(tasksRuns, eq(tasksRuns.id, taskRecordings.sourceRunId))
    .where(and(eq(taskRecordings.taskId, input.taskId), eq(taskRecordings.version, input.version)));
  if (!found) throw notFound("Recording");
  const { recording } = found;
  const script = playwrightScript(
    {
      version: recording.version,
      prompt: recording.prompt,
      parameters: recording.parameters,
      steps: recording.steps,
      extraction: recording.extraction,
    },
    { taskId: input.taskId, startUrl: found.startUrl ?? task.initialUrl, form: input.form },
  );
  // The test runner only runs files named like tests.
  const extension = input.form === "spec" ? "spec.ts" : "ts";
  return { filename: `errand-task-${input.taskId.slice(0, 8)}-recording-${recording.version}.${extension}`, script };
}
