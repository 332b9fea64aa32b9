import type { WebhookTrigger } from "@errand/contract";
import { webhookAttempts } from "@errand/db";
import { sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";

/** A delivery a worker now holds for one attempt. */
export interface ClaimedDelivery {
  id: string;
  /** Null for a test delivery. */
  runId: string | null;
  /** The account webhook it goes to; null for the run's own webhook URL. */
  webhookId: string | null;
  trigger: WebhookTrigger;
  url: string;
  endpoint: string;
  /** The number of the attempt to make (1 for the first). */
  attempt: number;
  createdAt: Date;
}

export const ABANDONED_ATTEMPT_ERROR = "No answer was recorded: the worker stopped during this attempt";

/**
 * Takes up to `limit` due deliveries for this worker, never more than `perEndpoint` in flight per
 * endpoint counting every process's (a delivery is in flight while its lease runs). Claims are
 * serialised by a transaction-scoped advisory lock, so the count read here stays true until
 * this claim commits; the lock is held for one short query. A delivery whose lease ran out
 * (its worker died mid-attempt) is due again: its lost attempt is recorded as such.
 */
export async function claimWebhookDeliveries({
  ctx,
  input,
}: VerbArgs<{ limit: number; perEndpoint: number; leaseSeconds: number }>): Promise<ClaimedDelivery[]> {
  if (input.limit < 1) return [];
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('errand.webhook_deliveries.claim'))`);
    const { rows } = await tx.execute<{
      id: string;
      run_id: string | null;
      webhook_id: string | null;
      trigger: WebhookTrigger;
      url: string;
      endpoint: string;
      attempts: number;
      created_at: Date | string;
      abandoned: boolean;
    }>(sql`
      with busy as (
        select endpoint, count(*)::int as in_flight
        from webhook_deliveries
        where status = 'pending' and leased_until > now()
        group by endpoint
      ), due as (
        select id, endpoint, next_attempt_at, leased_until is not null as abandoned,
          row_number() over (partition by endpoint order by next_attempt_at, id) as place
        from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now() and (leased_until is null or leased_until <= now())
      ), chosen as (
        select due.id, due.abandoned
        from due left join busy using (endpoint)
        where due.place + coalesce(busy.in_flight, 0) <= ${input.perEndpoint}
        order by due.next_attempt_at, due.id
        limit ${input.limit}
      )
      update webhook_deliveries d
      set attempts = d.attempts + 1, leased_until = now() + make_interval(secs => ${input.leaseSeconds})
      from chosen
      where d.id = chosen.id
      returning d.id, d.run_id, d.webhook_id, d.trigger, d.url, d.endpoint, d.attempts, d.created_at, chosen.abandoned
    `);
    const abandoned = rows.filter((row) => row.abandoned);
    if (abandoned.length) {
      // The attempt before this one has no outcome; a late answer from that worker replaces this row.
      await tx
        .insert(webhookAttempts)
        .values(abandoned.map((row) => ({ deliveryId: row.id, attempt: row.attempts - 1, error: ABANDONED_ATTEMPT_ERROR })))
        .onConflictDoNothing();
    }
    return rows.map((row) => ({
      id: row.id,
      runId: row.run_id,
      webhookId: row.webhook_id,
      trigger: row.trigger,
      url: row.url,
      endpoint: row.endpoint,
      attempt: row.attempts,
      createdAt: new Date(row.created_at),
    }));
  });
}
