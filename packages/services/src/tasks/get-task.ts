import { tasks } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { taskToApi } from "./to-api.ts";

export async function getTask({ ctx, caller, input }: CallerVerbArgs<{ taskId: string }>) {
  requireScope(caller, "read");
  const [task] = await ctx.db.select().from(tasks).where(and(eq(tasks.id, input.taskId), eq(tasks.userId, caller.userId)));
  if (!task) throw notFound("Task");
  return taskToApi(task);
}
