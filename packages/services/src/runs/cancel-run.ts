import { tasksRuns } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict } from "../errors.ts";
import { finishRun } from "./finish-run.ts";
import { ownRun } from "./own-run.ts";
import { loadApiRun } from "./to-api.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Ends a pending run as `cancelled` at once. The worker running it sees the status change
 * (event, or its next heartbeat) and stops the browser work.
 */
export async function cancelRun({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>) {
  requireRole(caller, "run");
  const run = await ownRun(ctx.db, caller, input.runId, { id: tasksRuns.id, status: tasksRuns.status });
  const finished = await finishRun({
    ctx,
    input: { runId: run.id, status: "cancelled", reason: "Cancelled by the user.", failureKind: "cancelled" },
  });
  if (!finished) throw conflict(`The run has already ended (${run.status}).`);
  return (await loadApiRun(ctx.db, finished.id))!;
}
