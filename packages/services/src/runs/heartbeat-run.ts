import { tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";

/** Marks a running run alive. false means the run is no longer pending (cancelled or ended): stop. */
export async function heartbeatRun({ ctx, input }: VerbArgs<{ runId: string }>): Promise<boolean> {
  const updated = await ctx.db
    .update(tasksRuns)
    .set({ heartbeatAt: new Date() })
    .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.status, "pending")))
    .returning({ id: tasksRuns.id });
  return updated.length > 0;
}
