import type { WebhookDelivery } from "@errand/contract";
import type { webhookAttempts, webhookDeliveries } from "@errand/db";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A delivery and its attempts (oldest first) as the API shows them. */
export function deliveryToApi(
  row: typeof webhookDeliveries.$inferSelect,
  attempts: (typeof webhookAttempts.$inferSelect)[],
): WebhookDelivery {
  return {
    id: row.id,
    run_id: row.runId,
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
