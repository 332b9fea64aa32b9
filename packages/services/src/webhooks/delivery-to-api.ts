import type { WebhookDelivery } from "@errand/contract";
import { tasksRuns, webhookAttempts, type Db, type webhookDeliveries } from "@errand/db";
import { asc, inArray } from "drizzle-orm";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A delivery and its attempts (oldest first) as the API shows them. */
export function deliveryToApi(
  row: typeof webhookDeliveries.$inferSelect,
  attempts: (typeof webhookAttempts.$inferSelect)[],
  taskId: string | null,
): WebhookDelivery {
  return {
    id: row.id,
    run_id: row.runId,
    task_id: taskId,
    trigger: row.trigger,
    url: row.url,
    status: row.status,
    status_reason: row.statusReason,
    next_attempt_at: row.status === "pending" ? iso(row.nextAttemptAt) : null,
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      at: a.createdAt.toISOString(),
      status_code: a.statusCode,
      response_time_ms: a.durationMs,
      error: a.error,
    })),
  };
}

/** Deliveries as the API shows them, each with every attempt (read in one query). */
export async function deliveriesWithAttempts(db: Db, deliveries: (typeof webhookDeliveries.$inferSelect)[]): Promise<WebhookDelivery[]> {
  const attempts = deliveries.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            deliveries.map((d) => d.id),
          ),
        )
        .orderBy(asc(webhookAttempts.attempt))
    : [];
  const runIds = [...new Set(deliveries.flatMap((d) => (d.runId ? [d.runId] : [])))];
  const runs = runIds.length
    ? await db.select({ id: tasksRuns.id, taskId: tasksRuns.taskId }).from(tasksRuns).where(inArray(tasksRuns.id, runIds))
    : [];
  const taskOf = new Map(runs.map((r) => [r.id, r.taskId]));
  return deliveries.map((d) =>
    deliveryToApi(
      d,
      attempts.filter((a) => a.deliveryId === d.id),
      d.runId ? (taskOf.get(d.runId) ?? null) : null,
    ),
  );
}
