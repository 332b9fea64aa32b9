import { steps, tasksRuns } from "@errand/db";
import { and, asc, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { notFound } from "../errors.ts";
import { runToApi, stepToApi } from "./to-api.ts";

/** A run with its steps (oldest first). Another user's run is "not found", never "forbidden". */
export async function getRun({ ctx, input }: VerbArgs<{ userId: string; runId: string; afterStep?: number }>) {
  const [run] = await ctx.db
    .select()
    .from(tasksRuns)
    .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.userId, input.userId)));
  if (!run) throw notFound("Run");
  const rows = await ctx.db.select().from(steps).where(eq(steps.taskRunId, run.id)).orderBy(asc(steps.number));
  return {
    run: runToApi(run),
    steps: rows.filter((s) => s.number > (input.afterStep ?? 0)).map(stepToApi),
  };
}
