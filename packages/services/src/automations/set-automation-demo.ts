import { DEMO_RUN_NOT_SUCCEEDED_MESSAGE, parseAutomationSlug } from "@errand/contract";
import { automations, tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import { requireAdmin, type CallerVerbArgs } from "../caller.ts";
import { invalid, notFound } from "../errors.ts";
import { callersRun, runNotFound } from "../runs/own-run.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Makes a run an automation's demo: the run must have succeeded; it becomes public (its replay
 * is /demo/{id}) and the automation's page replays it. runId null removes the demo (the run
 * stays public). Admins choose among their own runs; the operator at the terminal (`errand automation-demo`,
 * a local caller) any run.
 */
export async function setAutomationDemo({ ctx, caller, input }: CallerVerbArgs<{ slug: string; runId: string | null }>) {
  requireRole(caller, "run");
  requireAdmin(caller, "choose an automation's demo");
  const { slug } = parseAutomationSlug(input.slug.toLowerCase());
  return ctx.db.transaction(async (tx) => {
    const [automation] = await tx.select({ id: automations.id }).from(automations).where(eq(automations.slug, slug)).for("update");
    if (!automation) throw notFound("Automation");
    if (input.runId) {
      const which = caller.via === "local" ? eq(tasksRuns.id, input.runId) : callersRun(caller, input.runId);
      const [run] = await tx.select({ status: tasksRuns.status }).from(tasksRuns).where(which);
      if (!run) throw runNotFound();
      if (run.status !== "success")
        throw invalid([{ path: "run_id", message: `${DEMO_RUN_NOT_SUCCEEDED_MESSAGE} (this one is ${run.status})` }]);
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
