import { DEMO_RUN_NOT_SUCCEEDED_MESSAGE, parseAutomationSlug } from "@errand/contract";
import { automations, tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { forbidden, invalid, notFound } from "../errors.ts";

/** Who asks: an admin in the web app (their own runs only); absent for the operator's terminal. */
export interface DemoCaller {
  userId: string;
  isAdmin: boolean;
}

/**
 * Makes a run an automation's demo: the run must have succeeded; it becomes public (its replay
 * is /demo/{id}) and the automation's page replays it. runId null removes the demo (the run
 * stays public). Admins choose among their own runs; the operator (`errand automation-demo`) any run.
 */
export async function setAutomationDemo({ ctx, input }: VerbArgs<{ slug: string; runId: string | null; caller?: DemoCaller }>) {
  if (input.caller && !input.caller.isAdmin) throw forbidden("Only admins can choose an automation's demo");
  const { slug } = parseAutomationSlug(input.slug.toLowerCase());
  return ctx.db.transaction(async (tx) => {
    const [automation] = await tx.select({ id: automations.id }).from(automations).where(eq(automations.slug, slug)).for("update");
    if (!automation) throw notFound("Automation");
    if (input.runId) {
      const owner = input.caller ? eq(tasksRuns.userId, input.caller.userId) : undefined;
      const [run] = await tx.select({ status: tasksRuns.status }).from(tasksRuns).where(and(eq(tasksRuns.id, input.runId), owner));
      if (!run) throw notFound("Run");
      if (run.status !== "success") throw invalid([{ path: "run_id", message: `${DEMO_RUN_NOT_SUCCEEDED_MESSAGE} (this one is ${run.status})` }]);
      await tx.update(tasksRuns).set({ public: true }).where(eq(tasksRuns.id, input.runId));
    }
    const [row] = await tx
      .update(automations)
      .set({ runId: input.runId })
      .where(eq(automations.id, automation.id))
      .returning({ slug: automations.slug, runId: automations.runId });
    return row!;
  });
}
