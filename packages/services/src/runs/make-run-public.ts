import { tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { forbidden, notFound } from "../errors.ts";

/** Admins publish one of their runs as a demo (/demo/{runId}). */
export async function makeRunPublic({ ctx, input }: VerbArgs<{ userId: string; isAdmin: boolean; runId: string }>) {
  if (!input.isAdmin) throw forbidden("Only admins can make a run public");
  const [run] = await ctx.db
    .update(tasksRuns)
    .set({ public: true })
    .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.userId, input.userId)))
    .returning({ id: tasksRuns.id, public: tasksRuns.public });
  if (!run) throw notFound("Run");
  return run;
}
