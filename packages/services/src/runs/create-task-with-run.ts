import { runSettingsSchema, type RunSettingsInput } from "@errand/contract";
import { tasks, tasksRuns } from "@errand/db";
import type { VerbArgs } from "../context.ts";
import { assertCanRun } from "../billing/assert-can-run.ts";
import { parseOrThrow } from "../lib/parse.ts";
import { assertOwnAuthContext } from "./assert-own-auth-context.ts";
import { enqueueOrFail } from "./enqueue-or-fail.ts";
import { settingsToColumns } from "./settings-to-columns.ts";

/** POST /runs: saves a new task from the prompt and settings, and queues its first run. */
export async function createTaskWithRun({ ctx, input }: VerbArgs<{ userId: string; settings: RunSettingsInput }>) {
  const settings = parseOrThrow(runSettingsSchema, input.settings);
  await assertCanRun(ctx, input.userId);
  if (settings.auth_context_id) await assertOwnAuthContext(ctx, input.userId, settings.auth_context_id);
  const columns = settingsToColumns(settings);
  const { task, run } = await ctx.db.transaction(async (tx) => {
    const [task] = await tx.insert(tasks).values({ userId: input.userId, ...columns }).returning();
    const [run] = await tx.insert(tasksRuns).values({ taskId: task!.id, userId: input.userId, ...columns }).returning();
    return { task: task!, run: run! };
  });
  return { task, run: await enqueueOrFail(ctx, run) };
}
