import { tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireAdmin, requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";

/** Admins publish one of their runs as a demo (/demo/{runId}). */
export async function makeRunPublic({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>) {
  requireScope(caller, "write");
  requireAdmin(caller, "make a run public");
  const [run] = await ctx.db
    .update(tasksRuns)
    .set({ public: true })
    .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.userId, caller.userId)))
    .returning({ id: tasksRuns.id, public: tasksRuns.public });
  if (!run) throw notFound("Run");
  return run;
}
