import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownTask } from "./own-task.ts";
import { taskToApi } from "./to-api.ts";

export async function getTask({ ctx, caller, input }: CallerVerbArgs<{ taskId: string }>) {
  requireScope(caller, "read");
  return taskToApi(await ownTask(ctx.db, caller, input.taskId));
}
