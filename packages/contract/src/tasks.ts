import { z } from "zod";
import { RESPONSE_FORMATS, SESSION_TIMEOUT } from "./constants.ts";
import { taskCredentialNamesSchema } from "./credentials.ts";
import { plainText } from "./input-limits.ts";
import { proxyChoiceSchema } from "./proxies.ts";
import { maxCostUsdSchema, maxStepsSchema, ON_LIMIT_ACTIONS, onLimitSchema } from "./run-limits.ts";
import { normalizeTaskTag, taskTagsSchema } from "./task-tags.ts";
import { failureKindSchema } from "./failure-kinds.ts";
import { approvalShownFields, approvalUpdateFields } from "./approvals.ts";
import { retryPolicySchema, runChecksSchema } from "./checks.ts";
import { allowedDomainsOrNull } from "./allowed-domains.ts";
import {
  httpUrl,
  jsonSchemaFieldSchema,
  RUN_STATUSES,
  runSchema,
  runSettingsSchema,
  sessionTimeoutNumber,
  stepSchema,
  toSessionSeconds,
} from "./runs.ts";

/** Resource: tasks (saved prompts with their settings). */
export const taskSchema = z.object({
  id: z.uuid(),
  user_id: z
    .string()
    .nullable()
    .meta({ description: "Who made it: null once their account is deleted (a team workspace keeps what its members made)." }),
  prompt: z.string(),
  auth_context_id: z.string().nullable(),
  json_schema: z.unknown().nullable(),
  webhook_url: z.string().nullable(),
  response_format: z.enum(RESPONSE_FORMATS),
  session_timeout: z.number().int(),
  initial_url: z.string().nullable(),
  model: z.string(),
  model_provider: z.string(),
  always_use_agent: z.boolean().meta({ description: "true: runs of this task never replay its recording (mode is always agent)." }),
  credential_names: z
    .array(z.string())
    .meta({ description: "The vault credentials (GET /credentials) its runs may type by placeholder; empty: none." }),
  proxy: proxyChoiceSchema
    .nullable()
    .meta({ description: "The proxy pool its runs go out through (null: the server's default); a saved login's own proxy wins." }),
  tags: z.array(z.string()).meta({ description: "Labels for charge-back (GET /usage?group_by=tag), lower-case." }),
  // The caps its runs start with (docs/adr/0037-spending-limits.md); session_timeout is its time limit.
  max_cost_usd: z.number().nullable().meta({ description: "Each run's cost cap in dollars (charged time plus model spend); null: none." }),
  max_steps: z.number().int().nullable().meta({ description: "Each run's step cap; null: none." }),
  on_limit: z.enum(ON_LIMIT_ACTIONS).meta({ description: 'At a cap: "stop" ends the run; "ask" waits for a person.' }),
  // Verified results (docs/adr/0043-verified-results.md).
  checks: runChecksSchema
    .nullable()
    .meta({ description: "The checks its runs' answers are verified with (a run may send its own); null: none." }),
  retry: retryPolicySchema.nullable().meta({ description: "When a failed run is retried; null: never." }),
  // What its runs ask a person to approve (docs/adr/0048-approval-before-irreversible-actions.md).
  ...approvalShownFields,
  recording: z
    .boolean()
    .nullable()
    .meta({ description: "Whether its runs keep a session recording (a run may say otherwise); null: the server's default." }),
  allowed_domains: z
    .array(z.string())
    .nullable()
    .meta({ description: "The only hosts its runs' browser may reach (a run may send its own); null: the workspace's default." }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** "" and null clear a field; a field left out keeps its saved value. */
const clearable = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? null : v), schema.nullable().optional());

/**
 * PATCH /tasks/{id}: the task form's fields (spec section 7, "Task: update"). Only the fields
 * sent change; "" or null clears an optional one.
 */
export const taskUpdateSchema = z.object({
  prompt: runSettingsSchema.shape.prompt.optional(),
  auth_context_id: clearable(z.uuid({ error: "auth_context_id must be a UUID" })),
  json_schema: z.preprocess((v) => (v === "" ? null : v), jsonSchemaFieldSchema),
  webhook_url: clearable(httpUrl("webhook_url")),
  response_format: runSettingsSchema.shape.response_format.unwrap().optional(),
  session_timeout: z.preprocess(
    (v) => (v === undefined ? undefined : v === null || v === "" ? SESSION_TIMEOUT.default : toSessionSeconds(v)),
    sessionTimeoutNumber.optional(),
  ),
  initial_url: clearable(httpUrl("initial_url")),
  always_use_agent: z.boolean({ error: "always_use_agent must be true or false" }).optional(),
  /** null or [] clears it. */
  credential_names: z.preprocess((v) => (v === null ? [] : v), taskCredentialNamesSchema.optional()),
  /** null or "" clears it (the server's default). */
  proxy: clearable(proxyChoiceSchema),
  /** null or [] clears them. */
  tags: z.preprocess((v) => (v === null ? [] : v), taskTagsSchema.optional()),
  /** The caps as on POST /runs; null or "" removes a cap. */
  max_cost_usd: maxCostUsdSchema,
  max_steps: maxStepsSchema,
  /** null or "" is the default, stop. */
  on_limit: z.preprocess((v) => (v === "" || v === null ? "stop" : v), onLimitSchema.optional()),
  /** null or "" clears them. */
  checks: clearable(runChecksSchema),
  retry: clearable(retryPolicySchema),
  ...approvalUpdateFields,
  /** null or "" is the server's default. */
  recording: clearable(z.boolean({ error: "recording must be true or false" })),
  /** null, "" or [] clears them (the workspace's default applies). */
  allowed_domains: allowedDomainsOrNull,
});
export type TaskUpdate = z.output<typeof taskUpdateSchema>;

export const runSummarySchema = z.object({ id: z.uuid(), status: z.enum(RUN_STATUSES), created_at: z.string() });

/** Task History search: words anywhere in the prompt, case-insensitive. */
export const TASK_SEARCH_MAX_LENGTH = 200;

/** GET /tasks?page=N&search=words */
export const taskListQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int({ error: "page must be a whole number from 1" })
    .min(1, { error: "page must be a whole number from 1" })
    .max(100_000, { error: "page must be at most 100000" })
    .optional(),
  search: z
    .string()
    .trim()
    .max(TASK_SEARCH_MAX_LENGTH, { error: `search must be at most ${TASK_SEARCH_MAX_LENGTH} characters` })
    .optional()
    .meta({ description: "Only tasks whose prompt contains this text (case-insensitive)." }),
  tag: plainText("tag", { oneLine: true })
    .max(TASK_SEARCH_MAX_LENGTH, { error: `tag must be at most ${TASK_SEARCH_MAX_LENGTH} characters` })
    .transform(normalizeTaskTag)
    .optional()
    .meta({ description: "Only tasks with this tag." }),
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

/** GET /tasks?page=N: pages of 10, newest first, each with up to 5 latest runs. */
export const taskListSchema = z.object({
  tasks: z.array(
    taskSchema.extend({
      latest_runs: z.array(runSummarySchema),
      next_run_at: z
        .string()
        .nullable()
        .meta({ description: "When the task's schedule runs it next (ISO 8601); null when it has no schedule or it is paused." }),
      next_run_time_zone: z
        .string()
        .nullable()
        .meta({ description: "The schedule's time zone (IANA name), the one its times are shown in; null when the task has no schedule." }),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TaskList = z.infer<typeof taskListSchema>;

/** GET /runs?limit=5: the dashboard's Task History (runs with their task's prompt). */
export const recentRunsSchema = z.object({
  runs: z.array(
    runSummarySchema.extend({
      task_id: z.uuid(),
      prompt: z.string(),
      failure_kind: failureKindSchema
        .nullable()
        .meta({ description: "Why the run did not succeed (see the run's failure); null for pending and successful runs." }),
    }),
  ),
});
export type RecentRuns = z.infer<typeof recentRunsSchema>;

export const SCREENSHOT_TYPES = ["runs", "steps"] as const;
/** GET /{type}/{id}/screenshot. */
export const screenshotResponseSchema = z.object({ signed_url: z.string() });

/** GET /demo/{runId}: a public run with its steps (screenshots as signed URLs), no sign-in needed. */
export const demoRunSchema = z.object({
  run: runSchema.omit({
    user_id: true,
    webhook_url: true,
    input_tokens: true,
    output_tokens: true,
    cost: true,
    charge: true,
    proxy: true,
    batch_id: true,
    evaluation_id: true,
    checks: true,
    verification: true,
    retry_of: true,
    retries: true,
  }),
  steps: z.array(stepSchema.extend({ screenshot_url: z.string().nullable() })),
});
export type DemoRun = z.infer<typeof demoRunSchema>;
