import { webhookAttempts, webhookDeliveries } from "@errand/db";
import { and, eq, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import type { ClaimedDelivery } from "./claim-webhook-deliveries.ts";
import { describeSpan, retryDelaySeconds } from "./webhook-schedule.ts";

export interface AttemptOutcome {
  startedAt: Date;
  durationMs: number;
  /** The endpoint's status code, or null when no answer came. */
  statusCode: number | null;
  /** Why it failed; null for a 2xx answer. */
  error: string | null;
  /** Retrying cannot help (e.g. the address is refused): the delivery fails now. */
  permanent?: boolean;
}

/**
 * Records one attempt and moves its delivery on: delivered on a 2xx answer, else the next
 * attempt is planned by the schedule, or the delivery gives up (status `failed`, with the reason)
 * once the schedule is used up; a test delivery is tried once. Only the worker still holding the
 * delivery moves it; a late answer from a worker whose lease ran out is recorded but changes
 * nothing else. A delivery deleted meanwhile (its webhook or run was) records nothing.
 */
export async function completeWebhookAttempt({
  ctx,
  input,
}: VerbArgs<{ delivery: ClaimedDelivery; outcome: AttemptOutcome; schedule?: readonly number[] }>) {
  const { delivery, outcome } = input;
  const delivered = outcome.error === null;
  const once = outcome.permanent || delivery.trigger === "test";
  const delay = delivered || once ? null : retryDelaySeconds(delivery.attempt, input.schedule);
  const reason = delivered
    ? null
    : once
      ? outcome.error
      : `Gave up after ${delivery.attempt} ${delivery.attempt === 1 ? "attempt" : "attempts"} over ${describeSpan(Date.now() - delivery.createdAt.getTime())}`;

  const moved = await ctx.db.transaction(async (tx) => {
    // Held until the attempt is written, so the delivery cannot be deleted in between.
    const [exists] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery.id))
      .for("key share");
    if (!exists) return "gone" as const;
    const attempt = {
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: Math.round(outcome.durationMs),
      createdAt: outcome.startedAt,
    };
    await tx
      .insert(webhookAttempts)
      .values({ deliveryId: delivery.id, attempt: delivery.attempt, ...attempt })
      .onConflictDoUpdate({ target: [webhookAttempts.deliveryId, webhookAttempts.attempt], set: attempt });
    const next =
      delay !== null
        ? { nextAttemptAt: sql`now() + make_interval(secs => ${delay})`, leasedUntil: null }
        : {
            status: delivered ? ("delivered" as const) : ("failed" as const),
            statusReason: reason,
            nextAttemptAt: null,
            leasedUntil: null,
            finishedAt: sql`now()`,
          };
    const rows = await tx
      .update(webhookDeliveries)
      .set(next)
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.status, "pending"),
          eq(webhookDeliveries.attempts, delivery.attempt),
        ),
      )
      .returning({ nextAttemptAt: webhookDeliveries.nextAttemptAt, status: webhookDeliveries.status });
    return rows[0];
  });

  // The endpoint (an origin) only: a URL's path or query may carry the receiver's token.
  const fields = {
    runId: delivery.runId,
    webhookId: delivery.webhookId,
    deliveryId: delivery.id,
    attempt: delivery.attempt,
    endpoint: delivery.endpoint,
  };
  const result = outcome.error ?? `HTTP ${outcome.statusCode}`;
  if (moved === "gone") {
    ctx.log.info("webhook attempt ended after its delivery was deleted", { ...fields, outcome: result });
    return null;
  }
  if (!moved) ctx.log.warn("webhook attempt ended after its delivery moved on", { ...fields, outcome: result });
  else if (moved.status === "failed") ctx.log.warn("webhook delivery gave up", { ...fields, outcome: result, reason });
  else ctx.log.info("webhook attempt", { ...fields, outcome: result, nextAttemptAt: moved.nextAttemptAt?.toISOString() ?? null });
  return moved ?? null;
}
