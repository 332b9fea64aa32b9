import { tasksRuns } from "@errand/db";
import { and, eq, isNull } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";

/**
 * A worker takes a queued run: only a pending run that no worker started yet can be claimed,
 * so two workers can never execute the same run. Returns the run, or null.
 */
export async function claimRun({ ctx, input }: VerbArgs<{ runId: string }>) {
  const now = new Date();
  const [run] = await ctx.db
    .update(tasksRuns)
    .set({ startedAt: now, heartbeatAt: now })
    .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.status, "pending"), isNull(tasksRuns.startedAt)))
    .returning();
  return run ?? null;
}
