import { tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { publishRunEvent } from "../events/run-events.ts";
import { queueNeedsPersonWebhooks } from "../webhooks/queue-waiting-run-webhooks.ts";

/** The longest reason kept: it is shown on the run page and sent in webhooks. */
const REASON_MAX = 500;

/**
 * A running run waits for a person (a challenge the agent cannot solve): the run shows why
 * (needs_person), its page hears of it at once, and its webhooks get run.needs_person. Only a
 * pending run changes. Returns false when the run had already ended.
 */
export async function markNeedsPerson({ ctx, input }: VerbArgs<{ runId: string; reason: string }>): Promise<boolean> {
  const reason = input.reason.trim().slice(0, REASON_MAX) || "The agent needs a person to take control.";
  return ctx.db.transaction(async (tx) => {
    const [run] = await tx
      .update(tasksRuns)
      .set({ needsPerson: reason })
      .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.status, "pending")))
      .returning({ id: tasksRuns.id, userId: tasksRuns.userId, workspaceId: tasksRuns.workspaceId, webhookUrl: tasksRuns.webhookUrl });
    if (!run) return false;
    await publishRunEvent(tx, { type: "attention", runId: run.id, workspaceId: run.workspaceId, needsPerson: reason });
    await queueNeedsPersonWebhooks(tx, run, reason);
    return true;
  });
}

/** The wait for a person is over (they handed back, or none came): the run page's banner goes. */
export async function clearNeedsPerson({ ctx, input }: VerbArgs<{ runId: string }>): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [run] = await tx
      .update(tasksRuns)
      .set({ needsPerson: null })
      .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.status, "pending")))
      .returning({ id: tasksRuns.id, workspaceId: tasksRuns.workspaceId });
    if (run) await publishRunEvent(tx, { type: "attention", runId: run.id, workspaceId: run.workspaceId, needsPerson: null });
  });
}
