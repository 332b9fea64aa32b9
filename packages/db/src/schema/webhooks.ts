import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_TRIGGERS } from "@errand/contract";
import { tasksRuns } from "./tasks.ts";

/**
 * One delivery of a run's outcome to its webhook URL, and the outbox workers take it from
 * (ADR 0005): written in the transaction that finishes the run, claimed with a lease, retried
 * on a schedule. Its id is the delivery id receivers deduplicate on.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    runId: uuid("run_id")
      .notNull()
      .references(() => tasksRuns.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** scheme://host:port of the URL: deliveries in flight are limited per endpoint. */
    endpoint: text("endpoint").notNull(),
    trigger: text("trigger", { enum: WEBHOOK_TRIGGERS }).notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    statusReason: text("status_reason"),
    /** Attempts started (the one in flight included). */
    attempts: integer("attempts").notNull().default(0),
    /** While pending: when the next attempt is due. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** While an attempt is in flight: the worker holds the delivery until then, after which another may take it. */
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_run_idx").on(t.runId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // A run has at most one delivery under way: a redelivery replaces the pending one.
    uniqueIndex("webhook_deliveries_one_pending_per_run").on(t.runId).where(sql`${t.status} = 'pending'`),
    check("webhook_deliveries_pending_is_scheduled", sql`${t.status} <> 'pending' or ${t.nextAttemptAt} is not null`),
  ],
);

/** Every attempt of a delivery: when, the answer's status code or the error, and how long it took. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms"),
    /** When the request was sent. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("webhook_attempts_delivery_attempt_idx").on(t.deliveryId, t.attempt)],
);
