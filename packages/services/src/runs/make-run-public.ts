import { tasksRuns } from "@errand/db";
import { requireAdmin, type CallerVerbArgs } from "../caller.ts";
import { callersRun, runNotFound } from "./own-run.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Admins publish one of their runs as a demo (/demo/{runId}). */
export async function makeRunPublic({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>) {
  requireRole(caller, "run");
  requireAdmin(caller, "make a run public");
  const [run] = await ctx.db
    .update(tasksRuns)
    .set({ public: true })
    .where(callersRun(caller, input.runId))
    .returning({ id: tasksRuns.id, public: tasksRuns.public });
  if (!run) throw runNotFound();
  return run;
}
