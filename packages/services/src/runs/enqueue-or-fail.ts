import type { tasksRuns } from "@errand/db";
import type { ServiceContext } from "../context.ts";
import { finishRun } from "./finish-run.ts";
import type { InsertedRun } from "./insert-run.ts";

type RunRow = typeof tasksRuns.$inferSelect;

/**
 * Hands the run to the queue after its row is committed. If the queue refuses, the run ends
 * as `error` at once (never left pending, its hold released); a crash between the two is caught
 * by the stale sweep.
 */
export async function enqueueOrFail(ctx: ServiceContext, { run, pendingBefore }: InsertedRun): Promise<RunRow> {
  try {
    await ctx.queue.enqueueRun(run.id, { backlog: pendingBefore });
    return run;
  } catch (error) {
    ctx.log.error("could not queue run", { runId: run.id, error });
    const finished = await finishRun({
      ctx,
      input: { runId: run.id, status: "error", reason: "The run could not be queued. Please try again.", failureKind: "internal" },
    });
    return finished ?? run;
  }
}
