import { automations, tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { invalid, notFound } from "../errors.ts";

/** Links a public run as an automation's demo replay (operators: `errand automation-demo`). */
export async function setAutomationDemo({ ctx, input }: VerbArgs<{ slug: string; runId: string | null }>) {
  if (input.runId) {
    const [run] = await ctx.db.select({ id: tasksRuns.id }).from(tasksRuns).where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.public, true)));
    if (!run) throw invalid([{ path: "runId", message: "No public run with this id: make the run public first" }]);
  }
  const [row] = await ctx.db
    .update(automations)
    .set({ runId: input.runId })
    .where(eq(automations.slug, input.slug))
    .returning({ slug: automations.slug, runId: automations.runId });
  if (!row) throw notFound("Automation");
  return row;
}
