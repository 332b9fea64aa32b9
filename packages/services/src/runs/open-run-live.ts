import type { RunLive } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { conflict, notFound } from "../errors.ts";
import type { LiveRun } from "../live/live-runs.ts";
import { requireLive, viewerLink } from "../live/viewer-link.ts";

const STARTING_WAIT_MS = 15_000;

/** The user's run as it executes in this process, or a clear reason why it cannot be shown. */
export async function findLiveRun({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>): Promise<LiveRun> {
  const live = requireLive(ctx);
  const [run] = await ctx.db
    .select({ status: tasksRuns.status, startedAt: tasksRuns.startedAt })
    .from(tasksRuns)
    .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.userId, caller.userId)));
  if (!run) throw notFound("Run");
  if (run.status !== "pending") throw conflict("This run has ended: there is no live browser to show.");
  // A run this process is starting gets a few seconds to open its browser.
  const found = await live.runs.whenLive(input.runId, STARTING_WAIT_MS);
  if (found && found.userId === caller.userId) return found;
  if (!run.startedAt) throw conflict("This run is waiting for a worker. Try again when it has started.");
  throw conflict("This run is executing in a separate worker process, whose browser this server cannot show.");
}

/** A viewer link for a running run; it watches until its owner takes control. */
export async function openRunLive(args: CallerVerbArgs<{ runId: string }>): Promise<RunLive> {
  requireScope(args.caller, "read");
  const run = await findLiveRun(args);
  return { ...viewerLink(args.ctx, { kind: "run", id: args.input.runId, userId: args.caller.userId }), controller: run.controller() };
}
