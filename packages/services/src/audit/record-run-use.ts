import { tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { recordAudit, type AuditEventInput } from "./record-audit.ts";

/**
 * Records that the worker used a saved login or a credential for a run: the actor is the person
 * who started the run, `via: "run"`, with no address (docs/adr/0038-audit-log.md).
 */
export async function recordRunUse(ctx: ServiceContext, runId: string, events: Omit<AuditEventInput, "workspaceId">[]): Promise<void> {
  if (events.length === 0) return;
  const [run] = await ctx.db
    .select({ userId: tasksRuns.userId, workspaceId: tasksRuns.workspaceId })
    .from(tasksRuns)
    .where(eq(tasksRuns.id, runId));
  if (!run) return;
  await ctx.db.transaction(async (tx) => {
    for (const event of events) {
      await recordAudit(
        tx,
        { userId: run.userId, workspaceId: run.workspaceId, via: "run" },
        { ...event, details: { run_id: runId, ...event.details } },
      );
    }
  });
}
