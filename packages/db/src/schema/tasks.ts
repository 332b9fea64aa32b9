import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import {
  DEFAULT_MODEL,
  DEFAULT_MODEL_PROVIDER,
  FAILURE_KINDS,
  ON_LIMIT_ACTIONS,
  RESPONSE_FORMATS,
  RUN_MODES,
  RUN_STATUSES,
  SESSION_TIMEOUT,
} from "@errand/contract";
import type {
  ApprovalPolicy,
  ApprovalReply,
  Extraction,
  PendingApproval,
  ProxyChoice,
  RecordedStep,
  RetryPolicy,
  RunChecks,
  RunExecution,
  Verification,
} from "@errand/contract";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys.ts";
import { authContexts } from "./auth-contexts.ts";
import { randomId, createdAt, timestamps, cascadeTo } from "./columns.ts";
import { madeBy, workspaceId, workspaceRow } from "./owner-column.ts";

export const HOLD_KINDS = ["free_prompt", "credits", "none"] as const;

/** Settings shared by a task and each of its runs (a run keeps the settings it ran with). */
const taskSettings = () => ({
  prompt: text("prompt").notNull(),
  authContextId: uuid("auth_context_id").references(() => authContexts.id, { onDelete: "set null" }),
  /**
   * Parsed JSON when the schema text was valid JSON, else the raw string (spec section 5).
   * json, not jsonb: jsonb reorders keys, and property order is the column order people wrote.
   */
  jsonSchema: json("json_schema"),
  webhookUrl: text("webhook_url"),
  responseFormat: text("response_format", { enum: RESPONSE_FORMATS }).notNull().default("text"),
  sessionTimeout: integer("session_timeout").notNull().default(SESSION_TIMEOUT.default),
  initialUrl: text("initial_url"),
  model: text("model").notNull().default(DEFAULT_MODEL),
  modelProvider: text("model_provider").notNull().default(DEFAULT_MODEL_PROVIDER),
  /** The proxy pool (and country) asked for (ADR 0010); null: the server's default. */
  proxy: jsonb("proxy").$type<ProxyChoice>(),
  /** The run's cost cap in 1/10,000 dollar (charged time plus model spend); null: none (docs/adr/0037-spending-limits.md). */
  maxCost: bigint("max_cost", { mode: "number" }),
  /** The run's step cap; null: the agent's own ceiling. */
  maxSteps: integer("max_steps"),
  /** At a cap: stop, or ask a person to raise it or stop. */
  onLimit: text("on_limit", { enum: ON_LIMIT_ACTIONS }).notNull().default("stop"),
  /** Checks the answer must pass, and the judge's instructions (docs/adr/0043-verified-results.md); null: none. */
  checks: jsonb("checks").$type<RunChecks>(),
  /** What a person must approve first (docs/adr/0048-approval-before-irreversible-actions.md); null: nothing. */
  approval: jsonb("approval").$type<ApprovalPolicy>(),
  /** Whether runs keep a session recording (docs/adr/0047-session-recordings.md); null: the server's default. */
  recording: boolean("recording"),
  /** The only hosts its browser may reach ("*.example.com" allowed); null: no such limit (docs/adr/0049-messages-and-allowed-domains.md). */
  allowedDomains: text("allowed_domains").array(),
});

export const tasks = pgTable(
  "tasks",
  {
    ...workspaceRow(),
    ...taskSettings(),
    /** Never replay this task's recording: every run is the agent's. */
    alwaysUseAgent: boolean("always_use_agent").notNull().default(false),
    /** Names of the vault credentials its runs may type; empty: none. A deleted credential's name simply finds nothing. */
    credentialNames: text("credential_names").array().notNull().default([]),
    /** Labels for charge-back (GET /usage?group_by=tag): lower-case, unique, at most TASK_TAGS.max. */
    tags: text("tags").array().notNull().default([]),
    /** When a failed run is retried as a new run (docs/adr/0043-verified-results.md); null: never. */
    retry: jsonb("retry").$type<RetryPolicy>(),
    ...timestamps(),
  },
  (t) => [
    // Task list: by user, newest first, pages of 10.
    index("tasks_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("tasks_workspace_created_idx").on(t.workspaceId, t.createdAt.desc()),
    // Deleting an auth context clears it from tasks.
    index("tasks_auth_context_idx").on(t.authContextId),
  ],
);

export const tasksRuns = pgTable(
  "tasks_runs",
  {
    id: randomId(),
    taskId: cascadeTo("task_id", () => tasks.id),
    userId: madeBy(),
    workspaceId: workspaceId(),
    ...taskSettings(),
    /** The named API key that started it (docs/adr/0039-usage-by-member-key-and-tag.md); null: the personal key, the web app, a schedule. */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    /** The batch whose row started it (docs/adr/0041-batches.md); null otherwise. Not a foreign key: batches.ts imports this file. */
    batchId: uuid("batch_id"),
    /** The evaluation whose cell started it (docs/adr/0044-evaluations.md); null otherwise. Not a foreign key, like batch_id. */
    evaluationId: uuid("evaluation_id"),
    status: text("status", { enum: RUN_STATUSES }).notNull().default("pending"),
    /** Asked for when the run was created: replay the task's recording (auto, replay) or not (agent). */
    mode: text("mode", { enum: RUN_MODES }).notNull().default("auto"),
    /** How the run was carried out (replayed, repaired, agent), written when it ends. */
    execution: jsonb("execution").$type<RunExecution>(),
    /** A string, possibly JSON. */
    result: text("result"),
    /** Why the run ended as it did (failed, error, cancelled). */
    statusReason: text("status_reason"),
    /** Why it did not succeed, from the contract's closed list (docs/adr/0042-failure-kinds.md); null while pending and after success. */
    failureKind: text("failure_kind", { enum: FAILURE_KINDS }),
    /** While the run waits for a person to take control (a challenge it cannot pass): why. Null otherwise. */
    needsPerson: text("needs_person"),
    /** While the run waits for a person to approve an action: the action. Null otherwise. */
    pendingApproval: jsonb("pending_approval").$type<PendingApproval>(),
    /** The person's answer to the pending action, until the worker takes it. */
    approvalReply: jsonb("approval_reply").$type<ApprovalReply>(),
    /** Seconds. */
    executionTime: doublePrecision("execution_time"),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    /** Credits charged, in 1/10,000 dollar. */
    cost: bigint("cost", { mode: "number" }),
    /** What the model calls cost at the operator's MODEL_PRICES, in 1/10,000 dollar; null when no price is set for the model. */
    modelCost: bigint("model_cost", { mode: "number" }),
    public: boolean("public").notNull().default(false),
    /**
     * The owner's share link (`/shared/{token}`): a read-only replay for whoever has the link.
     * Random and unguessable; null when not shared or revoked.
     */
    shareToken: text("share_token").unique(),
    /**
     * What the run holds while pending: a free prompt, credits (heldCredits units), or nothing
     * (billing off). Null for runs created before holds existed.
     */
    holdKind: text("hold_kind", { enum: HOLD_KINDS }),
    heldCredits: bigint("held_credits", { mode: "number" }).notNull().default(0),
    /** Seconds the held credits pay for, when fewer than session_timeout: the run stops there. */
    creditLimitSeconds: integer("credit_limit_seconds"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    /** How the answer was verified against its checks, written when it ends; null: no checks or no answer. */
    verification: jsonb("verification").$type<Verification>(),
    /** The first run of the chain this run retries (docs/adr/0043-verified-results.md); null: not a retry. */
    retryOf: uuid("retry_of").references((): AnyPgColumn => tasksRuns.id, { onDelete: "set null" }),
    /**
     * Set in the transaction that ended the run when its task's policy asks for a retry, cleared
     * in the one that starts it (docs/adr/0045-durable-retries.md): a retry decided is never lost.
     */
    retryPendingSince: timestamp("retry_pending_since", { withTimezone: true }),
    /**
     * Set when the workspace's retention deleted the run's session recording and HAR
     * (docs/adr/0056-recording-retention.md): the days it kept them, for the reason a download gives. Null: not deleted.
     */
    recordingDeletedAfterDays: integer("recording_deleted_after_days"),
  },
  (t) => [
    // Runs of a task, newest first (history shows 5).
    index("tasks_runs_task_created_idx").on(t.taskId, t.createdAt.desc()),
    // Dashboard history: a user's latest runs.
    index("tasks_runs_user_created_idx").on(t.userId, t.createdAt.desc()),
    // Run history of a workspace, newest first.
    index("tasks_runs_workspace_created_idx").on(t.workspaceId, t.createdAt.desc()),
    index("tasks_runs_auth_context_idx").on(t.authContextId),
    // GET /runs?failure_kind=...: a workspace's runs of some kinds, newest first (partial: successes and pending runs have none).
    index("tasks_runs_workspace_failure_idx").on(t.workspaceId, t.failureKind, t.createdAt.desc()).where(sql`${t.failureKind} is not null`),
    // A first run's retries, and how many it has had.
    index("tasks_runs_retry_of_idx").on(t.retryOf),
    // An evaluation's runs (partial: most runs belong to none).
    index("tasks_runs_evaluation_idx").on(t.evaluationId).where(sql`${t.evaluationId} is not null`),
    // The sweep's retries still to start (partial: almost every run has none).
    index("tasks_runs_retry_pending_idx").on(t.retryPendingSince).where(sql`${t.retryPendingSince} is not null`),
  ],
);

export const steps = pgTable(
  "steps",
  {
    id: randomId(),
    taskRunId: cascadeTo("task_run_id", () => tasksRuns.id),
    /** Position of the step in its run, from 1. */
    number: integer("number").notNull(),
    createdAt: createdAt(),
    extractedContent: text("extracted_content"),
    /** true, false or unset (null). */
    success: boolean("success"),
    error: text("error"),
    action: jsonb("action"),
    url: text("url"),
    durationMs: integer("duration_ms"),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    /** Storage key of the step's screenshot, if any. */
    screenshotKey: text("screenshot_key"),
  },
  // Steps of a run, oldest first.
  (t) => [index("steps_run_created_idx").on(t.taskRunId, t.number)],
);

/**
 * Recordings of a task, one version per successful agent run or repaired replay (ADR 0009). A
 * replay uses the newest. Kept when the run they came from is deleted.
 */
export const taskRecordings = pgTable(
  "task_recordings",
  {
    id: randomId(),
    taskId: cascadeTo("task_id", () => tasks.id),
    version: integer("version").notNull(),
    kind: text("kind", { enum: ["recorded", "repaired"] }).notNull(),
    /** The prompt it was recorded with; parameters are words of it a later prompt may change. */
    prompt: text("prompt").notNull(),
    parameters: jsonb("parameters").$type<{ name: string; value: string }[]>().notNull(),
    steps: jsonb("steps").$type<RecordedStep[]>().notNull(),
    extraction: jsonb("extraction").$type<Extraction>().notNull(),
    /** The run it was recorded from, and what that run cost: what a replay saves. */
    sourceRunId: uuid("source_run_id").references(() => tasksRuns.id, { onDelete: "set null" }),
    originSeconds: doublePrecision("origin_seconds").notNull(),
    originInputTokens: integer("origin_input_tokens").notNull(),
    originOutputTokens: integer("origin_output_tokens").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("task_recordings_task_version_idx").on(t.taskId, t.version),
    index("task_recordings_source_run_idx").on(t.sourceRunId),
  ],
);
