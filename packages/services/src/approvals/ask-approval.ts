import type { PendingApproval } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { publishRunEvent } from "../events/run-events.ts";
import { queueApprovalWebhooks } from "../webhooks/approval-webhook-payload.ts";

/** What the worker tells of the action the agent waits on (docs/adr/0048-approval-before-irreversible-actions.md). */
export type ApprovalAsked = Omit<PendingApproval, "asked_at" | "expires_at"> & { waitSeconds: number };

/**
 * A running run asks a person to approve an action: the run shows it (needs_approval) until it
 * is answered or the wait ends, its page hears of it at once, and its webhooks get run.needs_approval. Only a pending run changes; an
 * answer left from an earlier ask is dropped. Returns false when the run had already ended.
 */
export async function askApproval({ ctx, input }: VerbArgs<{ runId: string; asked: ApprovalAsked }>): Promise<boolean> {
  const { waitSeconds, ...action } = input.asked;
  const now = new Date();
  const pending: PendingApproval = {
    ...action,
    asked_at: now.toISOString(),
    expires_at: new Date(now.getTime() + waitSeconds * 1000).toISOString(),
  };
  return ctx.db.transaction(async (tx) => {
    const [run] = await tx
      .update(tasksRuns)
      .set({ pendingApproval: pending, approvalReply: null })
      .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.status, "pending")))
      .returning({ id: tasksRuns.id, workspaceId: tasksRuns.workspaceId, webhookUrl: tasksRuns.webhookUrl });
    if (!run) return false;
    // The run page reloads the run on any attention event; needsPerson is unchanged by an approval.
    await publishRunEvent(tx, { type: "attention", runId: run.id, workspaceId: run.workspaceId, needsPerson: null });
    await queueApprovalWebhooks(tx, run, pending);
    return true;
  });
}
