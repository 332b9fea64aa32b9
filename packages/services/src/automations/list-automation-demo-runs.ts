import { AUTOMATION_DEMO_RUNS_LISTED, parseAutomationSlug, type AutomationDemoRuns } from "@errand/contract";
import { automations, tasksRuns } from "@errand/db";
import { desc, eq } from "drizzle-orm";
import { requireAdmin, requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";

/**
 * The admin's latest runs, newest first: recorded demos, or runs of the automation's prompt with
 * its placeholders filled in; one that succeeded can become the demo.
 */
export async function listAutomationDemoRuns({ ctx, caller, input }: CallerVerbArgs<{ slug: string }>): Promise<AutomationDemoRuns> {
  requireScope(caller, "read");
  requireAdmin(caller, "choose an automation's demo");
  const { slug } = parseAutomationSlug(input.slug.toLowerCase());
  const [automation] = await ctx.db.select({ runId: automations.runId }).from(automations).where(eq(automations.slug, slug));
  if (!automation) throw notFound("Automation");
  const rows = await ctx.db
    .select({
      id: tasksRuns.id,
      taskId: tasksRuns.taskId,
      prompt: tasksRuns.prompt,
      status: tasksRuns.status,
      statusReason: tasksRuns.statusReason,
      createdAt: tasksRuns.createdAt,
    })
    .from(tasksRuns)
    .where(eq(tasksRuns.userId, caller.userId))
    .orderBy(desc(tasksRuns.createdAt))
    .limit(AUTOMATION_DEMO_RUNS_LISTED);
  return {
    runs: rows.map((r) => ({
      id: r.id,
      task_id: r.taskId,
      prompt: r.prompt,
      status: r.status,
      status_reason: r.statusReason,
      created_at: r.createdAt.toISOString(),
      is_demo: r.id === automation.runId,
    })),
  };
}
