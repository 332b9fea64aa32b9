import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_TRIGGERS } from "@errand/contract";
import { tasksRuns } from "./tasks.ts";
import { randomId, createdAt, cascadeTo } from "./columns.ts";
import { workspaceRow } from "./owner-column.ts";

/**
 * An account's webhook (ADR 0008): a URL that gets a delivery through the same outbox when a run
 * of the account ends with one of its events. Each has its own signing secret, sealed like the
 * other secrets (AES-256-GCM, key outside the database).
 */
export const webhooks = pgTable(
  "webhooks",
  {
    ...workspaceRow(),
    url: text("url").notNull(),
    events: text("events", { enum: WEBHOOK_EVENTS }).array().notNull(),
    description: text("description"),
    secretCiphertext: text("secret_ciphertext").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The account's list (newest first) and the fan-out when one of its runs ends.
    index("webhooks_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("webhooks_workspace_created_idx").on(t.workspaceId, t.createdAt.desc()),
    check("webhooks_has_events", sql`cardinality(${t.events}) > 0`),
  ],
);

/**
 * One delivery of a run's outcome to its webhook URL or to one of the account's webhooks, and
 * the outbox workers take it from (ADR 0005, 0008): written in the transaction that finishes the
 * run, claimed with a lease, retried on a schedule. Its id is the delivery id receivers
 * deduplicate on. A test delivery of an account webhook has no run and is tried once.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: randomId(),
    /** Null only for a test delivery. */
    runId: uuid("run_id").references(() => tasksRuns.id, { onDelete: "cascade" }),
    /** The account webhook it goes to; null for the run's own webhook_url. Deleting the webhook deletes its deliveries. */
    webhookId: uuid("webhook_id").references(() => webhooks.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** scheme://host:port of the URL: deliveries in flight are limited per endpoint. */
    endpoint: text("endpoint").notNull(),
    trigger: text("trigger", { enum: WEBHOOK_TRIGGERS }).notNull(),
    /** A needs_person delivery: why a person is needed, as it was when asked (the body says it on every retry); a budget_threshold one: the alert as JSON; a batch_finished one: the batch's id. */
    detail: text("detail"),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    statusReason: text("status_reason"),
    /** Attempts started (the one in flight included). */
    attempts: integer("attempts").notNull().default(0),
    /** While pending: when the next attempt is due. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** While an attempt is in flight: the worker holds the delivery until then, after which another may take it. */
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_run_idx").on(t.runId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt),
    // A run has at most one delivery of its end under way to its own URL (a redelivery replaces
    // the pending one) and one to each account webhook; "a person is needed" ones come on top.
    uniqueIndex("webhook_deliveries_one_pending_per_run")
      .on(t.runId)
      .where(sql`${t.status} = 'pending' and ${t.webhookId} is null and ${t.trigger} not in ('needs_person', 'budget_threshold')`),
    uniqueIndex("webhook_deliveries_one_pending_per_run_webhook")
      .on(t.runId, t.webhookId)
      .where(sql`${t.status} = 'pending' and ${t.webhookId} is not null and ${t.trigger} not in ('needs_person', 'budget_threshold')`),
    check("webhook_deliveries_pending_is_scheduled", sql`${t.status} <> 'pending' or ${t.nextAttemptAt} is not null`),
    // A delivery reports a run's end, except a test or a batch's end (its id in detail), which go to an account webhook.
    check(
      "webhook_deliveries_run_unless_test",
      sql`(${t.trigger} in ('test', 'batch_finished')) = (${t.runId} is null) and (${t.trigger} not in ('test', 'batch_finished') or ${t.webhookId} is not null)`,
    ),
  ],
);

/** Every attempt of a delivery: when, the answer's status code or the error, and how long it took. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: randomId(),
    deliveryId: cascadeTo("delivery_id", () => webhookDeliveries.id),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms"),
    /** When the request was sent. */
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("webhook_attempts_delivery_attempt_idx").on(t.deliveryId, t.attempt)],
);
