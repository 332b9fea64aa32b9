import type { RecordingList } from "@errand/contract";
import { taskRecordings, tasks } from "@errand/db";
import { desc, eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { ownTask } from "../tasks/own-task.ts";
import { requireRole } from "../workspaces/roles.ts";
import { recordingToApi } from "./recording-to-api.ts";

/** Most recordings kept per task in the answer (older versions are never replayed). */
const SHOWN = 20;

/** GET /tasks/{id}/recordings: the task's recordings, newest (the one a replay uses) first. */
export async function listTaskRecordings({ ctx, caller, input }: CallerVerbArgs<{ taskId: string }>): Promise<RecordingList> {
  requireRole(caller, "read");
  const task = await ownTask(ctx.db, caller, input.taskId, { alwaysUseAgent: tasks.alwaysUseAgent });
  const rows = await ctx.db
    .select()
    .from(taskRecordings)
    .where(eq(taskRecordings.taskId, input.taskId))
    .orderBy(desc(taskRecordings.version))
    .limit(SHOWN);
  return { always_use_agent: task.alwaysUseAgent, recordings: rows.map(recordingToApi) };
}
