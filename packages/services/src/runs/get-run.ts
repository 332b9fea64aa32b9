import { steps } from "@errand/db";
import { and, asc, eq, gt } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { callersRun, runNotFound } from "./own-run.ts";
import { apiRunFrom, selectApiRuns, stepToApi } from "./to-api.ts";

/**
 * A run with its steps after `afterStep` (oldest first), or without steps when `withSteps` is
 * false. Another user's run is "not found", never "forbidden".
 */
export async function getRun({ ctx, caller, input }: CallerVerbArgs<{ runId: string; afterStep?: number; withSteps?: boolean }>) {
  requireScope(caller, "read");
  const [selected] = await selectApiRuns(ctx.db).where(callersRun(caller, input.runId));
  if (!selected) throw runNotFound();
  const run = apiRunFrom(selected);
  const rows =
    input.withSteps === false
      ? []
      : await ctx.db
          .select()
          .from(steps)
          .where(and(eq(steps.taskRunId, run.id), gt(steps.number, input.afterStep ?? 0)))
          .orderBy(asc(steps.number));
  return { run, steps: rows.map(stepToApi) };
}
