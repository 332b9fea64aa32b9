import { tasks } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { notFound } from "../errors.ts";
import { taskToApi } from "./to-api.ts";

export async function getTask({ ctx, input }: VerbArgs<{ userId: string; taskId: string }>) {
  const [task] = await ctx.db.select().from(tasks).where(and(eq(tasks.id, input.taskId), eq(tasks.userId, input.userId)));
  if (!task) throw notFound("Task");
  return taskToApi(task);
}
