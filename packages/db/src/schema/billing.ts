import { sql } from "drizzle-orm";
import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { FAILURE_KINDS } from "@errand/contract";
import { apiKeys } from "./api-keys.ts";
import { users } from "./auth.ts";
import { tasksRuns } from "./tasks.ts";
import { randomId, createdAt } from "./columns.ts";
import { workspaceId, workspaceRow } from "./owner-column.ts";

export const TRANSACTION_STATUSES = ["pending", "completed", "failed", "cancelled"] as const;
export const TRANSACTION_KINDS = ["purchase", "grant"] as const;

/** Money in: purchases and operator grants. amount in cents, credits in 1/10,000 dollar. */
export const transactions = pgTable(
  "transactions",
  {
    ...workspaceRow(),
    kind: text("kind", { enum: TRANSACTION_KINDS }).notNull().default("purchase"),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull().default("pending"),
    amount: integer("amount").notNull(),
    credits: bigint("credits", { mode: "number" }).notNull(),
    invoiceUrl: text("invoice_url"),
    /** The payment provider's checkout session id: completing it twice is impossible. */
    externalId: text("external_id").unique(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  // Credits page: a user's completed transactions, newest first.
  (t) => [
    index("transactions_user_status_created_idx").on(t.userId, t.status, t.createdAt.desc()),
    index("transactions_workspace_status_created_idx").on(t.workspaceId, t.status, t.createdAt.desc()),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: randomId(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt), index("contact_messages_user_idx").on(t.userId)],
);

export const LEDGER_KINDS = ["free_prompt", "credits", "none"] as const;

/**
 * Money out: what each run cost. Unique per run, so a retried or repeated finish can never
 * charge twice. A row outlives its run (a deleted task): it keeps what the run used, so the
 * usage history stays true; run_id then becomes null.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    ...workspaceRow(),
    runId: uuid("run_id")
      .unique()
      .references(() => tasksRuns.id, { onDelete: "set null" }),
    /** What the run used, copied when it settled (null on rows written before these existed). */
    executionSeconds: doublePrecision("execution_seconds"),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    /** The run's model spend at MODEL_PRICES (credit units), counted in the workspace's monthly spend; null when unpriced. */
    modelCost: bigint("model_cost", { mode: "number" }),
    /**
     * Who to charge back (docs/adr/0039-usage-by-member-key-and-tag.md), copied when the run
     * settles so they outlive it: the named key that started it, and its task's tags then.
     */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    tags: text("tags").array().notNull().default([]),
    /** Why the run did not succeed, copied when it settles (docs/adr/0042-failure-kinds.md); null: it succeeded. */
    failureKind: text("failure_kind", { enum: FAILURE_KINDS }),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    freePromptsDelta: integer("free_prompts_delta").notNull().default(0),
    /** 1/10,000 dollar; negative for a charge. */
    creditsDelta: bigint("credits_delta", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_ledger_user_created_idx").on(t.userId, t.createdAt),
    index("credit_ledger_workspace_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

/**
 * A workspace's monthly spending limit (docs/adr/0037-spending-limits.md), in credit units: runs
 * are refused once this calendar month's spend (UTC; charges plus model spend) reaches it.
 * Owners and admins get an e-mail and webhooks a budget.threshold event at each threshold (a
 * percentage of the limit) crossed.
 */
export const workspaceSpendingLimits = pgTable("workspace_spending_limits", {
  workspaceId: workspaceId().primaryKey(),
  monthlyLimit: bigint("monthly_limit", { mode: "number" }).notNull(),
  alertThresholds: integer("alert_thresholds").array().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Each threshold alert sent, once per workspace, month ("2026-11") and threshold: the key makes it once. */
export const budgetAlerts = pgTable(
  "budget_alerts",
  {
    workspaceId: workspaceId(),
    month: text("month").notNull(),
    threshold: integer("threshold").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.month, t.threshold] })],
);
