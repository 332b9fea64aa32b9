import { API_V1_PREFIX, type PendingApproval, type Run } from "@errand/contract";
import { webhookDeliveries, type Db } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { queueWaitingRunWebhooks } from "./queue-waiting-run-webhooks.ts";

/**
 * Queues run.needs_approval deliveries in the transaction that asks (docs/adr/0048-approval-before-irreversible-actions.md):
 * to the run's own webhook URL and to each subscribed webhook of its workspace, the action kept as asked (`detail`).
 */
export function queueApprovalWebhooks(
  tx: Pick<Db, "select" | "insert">,
  run: { id: string; workspaceId: string; webhookUrl: string | null },
  pending: PendingApproval,
) {
  return queueWaitingRunWebhooks(tx, run, "needs_approval", JSON.stringify(pending));
}

/** A run.needs_approval delivery: one line a chat can show, the action as asked, and where to answer. */
export async function approvalPayload(ctx: VerbArgs<unknown>["ctx"], deliveryId: string, run: Run) {
  const [delivery] = await ctx.db
    .select({ detail: webhookDeliveries.detail })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  const action = delivery?.detail ? (JSON.parse(delivery.detail) as PendingApproval) : null;
  const base = ctx.config.baseUrl.replace(/\/+$/, "");
  const runUrl = `${base}/tasks/${run.task_id}/task-runs/${run.id}`;
  const text = action
    ? `Approval needed: ${action.reason} (${action.action} on ${action.element}). Approve or deny: ${runUrl}`
    : `Approval needed. Approve or deny: ${runUrl}`;
  return {
    event: "run.needs_approval",
    delivery_id: deliveryId,
    text,
    action,
    run_url: runUrl,
    approval_url: `${base}${API_V1_PREFIX}/runs/${run.id}/approval`,
  };
}
