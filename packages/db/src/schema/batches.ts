import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { BATCH_ROW_OUTCOMES, BATCH_STATUSES } from "@errand/contract";
import { apiKeys } from "./api-keys.ts";
import { tasks, tasksRuns } from "./tasks.ts";
import { cascadeTo, randomId, timestamps } from "./columns.ts";
import { workspaceId, workspaceRow } from "./owner-column.ts";

/**
 * A saved task run over rows of parameters (docs/adr/0041-batches.md). The dispatcher keeps at
 * most `concurrency` of its rows' runs pending; `user_id` is who made it, and its runs are theirs
 * (null once their account is deleted: a team's batch goes on, docs/adr/0040-team-workspaces-outlive-their-members.md).
 */
export const batches = pgTable(
  "batches",
  {
    ...workspaceRow(),
    taskId: cascadeTo("task_id", () => tasks.id),
    /** The named key that made it: its runs count under that key (docs/adr/0039-usage-by-member-key-and-tag.md). */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    status: text("status", { enum: BATCH_STATUSES }).notNull().default("running"),
    /** Why it paused on its own (the balance, the spending limit); null otherwise. */
    statusReason: text("status_reason"),
    concurrency: integer("concurrency").notNull(),
    /** The prompt's `{{inputs}}` when it was made, in order: the results' first columns. */
    inputs: text("inputs").array().notNull(),
    totalRows: integer("total_rows").notNull(),
    /** The caller's key for the whole batch: sent again, it answers this batch. */
    idempotencyKey: text("idempotency_key"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index("batches_workspace_created_idx").on(t.workspaceId, t.createdAt.desc()),
    index("batches_task_idx").on(t.taskId),
    index("batches_user_idx").on(t.userId),
    index("batches_api_key_idx").on(t.apiKeyId),
    uniqueIndex("batches_workspace_key_idx").on(t.workspaceId, t.idempotencyKey),
    // The safety-net sweep's scan.
    index("batches_running_idx").on(t.id).where(sql`${t.status} = 'running'`),
  ],
);

/** One row of a batch: its parameters, then its run, then how that ended. */
export const batchRows = pgTable(
  "batch_rows",
  {
    id: randomId(),
    batchId: cascadeTo("batch_id", () => batches.id),
    /** Copied from the batch: row keys are unique within a workspace. */
    workspaceId: workspaceId(),
    index: integer("index").notNull(),
    params: jsonb("params").$type<Record<string, string>>().notNull(),
    /** The caller's key for this row, else `<batch id>:<index>`. */
    idempotencyKey: text("idempotency_key").notNull(),
    runId: uuid("run_id").references(() => tasksRuns.id, { onDelete: "set null" }),
    /** Null until the row's run ends (or the row is skipped or refused). */
    outcome: text("outcome", { enum: BATCH_ROW_OUTCOMES }),
    reason: text("reason"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("batch_rows_batch_index_idx").on(t.batchId, t.index),
    uniqueIndex("batch_rows_workspace_key_idx").on(t.workspaceId, t.idempotencyKey),
    uniqueIndex("batch_rows_run_idx").on(t.runId),
  ],
);
