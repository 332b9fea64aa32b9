import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { EVALUATION_STATUSES, type EvaluationSuite } from "@errand/contract";
import { apiKeys } from "./api-keys.ts";
import { tasks, tasksRuns } from "./tasks.ts";
import { cascadeTo, randomId, timestamps } from "./columns.ts";
import { workspaceRow } from "./owner-column.ts";

/** How a cell ended: its run's final status, skipped (cancelled before it started) or refused. */
export const EVALUATION_CELL_OUTCOMES = ["success", "failed", "error", "cancelled", "skipped", "refused"] as const;

/**
 * A suite of cases run against one or more models (docs/adr/0044-evaluations.md). Its runs belong
 * to one task made for it (`task_id`); the dispatcher keeps at most `concurrency` of them pending.
 */
export const evaluations = pgTable(
  "evaluations",
  {
    ...workspaceRow(),
    taskId: cascadeTo("task_id", () => tasks.id),
    /** The named key that made it: its runs count under that key (docs/adr/0039-usage-by-member-key-and-tag.md). */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    /** The suite as validated when it was made: the cases the cells point at by index. */
    suite: jsonb("suite").$type<EvaluationSuite>().notNull(),
    models: text("models").array().notNull(),
    status: text("status", { enum: EVALUATION_STATUSES }).notNull().default("running"),
    concurrency: integer("concurrency").notNull(),
    totalCases: integer("total_cases").notNull(),
    idempotencyKey: text("idempotency_key"),
    /** The report's share link (`/shared/evaluations/{token}`), like a run's; null when not shared. */
    shareToken: text("share_token").unique(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index("evaluations_workspace_created_idx").on(t.workspaceId, t.createdAt.desc()),
    index("evaluations_task_idx").on(t.taskId),
    index("evaluations_user_idx").on(t.userId),
    index("evaluations_api_key_idx").on(t.apiKeyId),
    uniqueIndex("evaluations_workspace_key_idx").on(t.workspaceId, t.idempotencyKey),
    // The safety-net sweep's scan.
    index("evaluations_running_idx").on(t.id).where(sql`${t.status} = 'running'`),
  ],
);

/** One case run by one model: its run once started, then how that ended. */
export const evaluationCells = pgTable(
  "evaluation_cells",
  {
    id: randomId(),
    evaluationId: cascadeTo("evaluation_id", () => evaluations.id),
    caseIndex: integer("case_index").notNull(),
    modelIndex: integer("model_index").notNull(),
    model: text("model").notNull(),
    runId: uuid("run_id").references(() => tasksRuns.id, { onDelete: "set null" }),
    /** Null until the cell's run ends (or the cell is skipped or refused). */
    outcome: text("outcome", { enum: EVALUATION_CELL_OUTCOMES }),
    reason: text("reason"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("evaluation_cells_place_idx").on(t.evaluationId, t.caseIndex, t.modelIndex),
    uniqueIndex("evaluation_cells_run_idx").on(t.runId),
  ],
);
