import { z } from "zod";
import { RUN_MODES, runExecutionSchema, runModeSchema } from "./recordings.ts";
import { DEFAULT_MODEL, DEFAULT_MODEL_PROVIDER, RESPONSE_FORMATS, SESSION_TIMEOUT } from "./constants.ts";
import { CONTROL_CHARACTERS, controlCharacterMessage, jsonBoundsProblem, plainText } from "./input-limits.ts";
import { stepActionSchema } from "./step-actions.ts";
import { runFilesSchema } from "./files.ts";
import { optionalProxyChoice, proxyChoiceSchema } from "./proxies.ts";
import { runLimitFields, runSpendFields } from "./run-limits.ts";
import { approvalSettingFields, approvalShownFields, pendingApprovalSchema } from "./approvals.ts";
import { taskTagsSchema } from "./task-tags.ts";
import { taskCredentialNamesSchema } from "./credentials.ts";
import { runFailureSchema } from "./failure-kinds.ts";
import { retryPolicySchema, runChecksSchema } from "./checks.ts";
import { verificationSchema } from "./verification.ts";
import { allowedDomainsSchema } from "./allowed-domains.ts";

/** Resource: task runs (and the settings a run is created with). Field names follow the spec's API. */
export const RUN_STATUSES = ["pending", "success", "failed", "error", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const FINAL_RUN_STATUSES = ["success", "failed", "error", "cancelled"] as const;
export type FinalRunStatus = (typeof FINAL_RUN_STATUSES)[number];

export const MODEL_PROVIDERS = ["openai", "anthropic"] as const;

export const httpUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: `${field} must be an http(s) URL` });

/** Empty strings from forms mean "not set". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/**
 * Spec section 5: a number from 30 to 3600; a non-numeric entry becomes 300.
 * A number out of range is an error naming the field.
 */
export const sessionTimeoutNumber = z
  .number()
  .int({ error: "session_timeout must be a whole number of seconds" })
  .min(SESSION_TIMEOUT.min, { error: `session_timeout must be between ${SESSION_TIMEOUT.min} and ${SESSION_TIMEOUT.max} seconds` })
  .max(SESSION_TIMEOUT.max, { error: `session_timeout must be between ${SESSION_TIMEOUT.min} and ${SESSION_TIMEOUT.max} seconds` });
/** A sent timeout as a number; non-numeric text becomes the default (spec section 5). */
export const toSessionSeconds = (v: unknown) => {
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : SESSION_TIMEOUT.default;
};
export const sessionTimeoutSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? SESSION_TIMEOUT.default : toSessionSeconds(v)),
  sessionTimeoutNumber,
);

/** Parsed JSON when the text was valid JSON, else the raw string (the run then explains the problem). */
export const jsonSchemaFieldSchema = z
  .preprocess((v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, z.unknown())
  .superRefine((value, ctx) => {
    const problem = jsonBoundsProblem(value, "json_schema");
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const runSettingsSchema = z.object({
  prompt: z
    .string({ error: "prompt is required" })
    .trim()
    .min(1, { error: "prompt must not be empty" })
    .max(20_000, { error: "prompt must be at most 20000 characters" })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { error: controlCharacterMessage("prompt") }),
  model: plainText("model", { oneLine: true }).trim().min(1).max(100).default(DEFAULT_MODEL),
  provider: z.enum(MODEL_PROVIDERS, { error: "provider must be openai or anthropic" }).default(DEFAULT_MODEL_PROVIDER),
  response_format: z.enum(RESPONSE_FORMATS, { error: "response_format must be text or json" }).default("text"),
  /** Accepted for compatibility: true asks for JSON results, like response_format "json". */
  json_results: optional(z.boolean()),
  json_schema: optional(jsonSchemaFieldSchema),
  auth_context_id: optional(z.uuid({ error: "auth_context_id must be a UUID" })),
  webhook_url: optional(httpUrl("webhook_url")),
  session_timeout: sessionTimeoutSchema,
  initial_url: optional(httpUrl("initial_url")),
  mode: runModeSchema.optional(),
  /** Uploads (POST /files) the agent may put into the page's file fields; this run only. */
  files: optional(runFilesSchema),
  /** A proxy pool of the account (ADR 0010); null or left out: the server's default. A saved login's own proxy wins. */
  proxy: optionalProxyChoice,
  ...runLimitFields,
  // Approval before irreversible actions (docs/adr/0048-approval-before-irreversible-actions.md).
  ...approvalSettingFields,
  /** POST /runs: the new task's tags. A saved task's runs count under the task's own tags (PATCH /tasks/{id}). */
  tags: optional(taskTagsSchema),
  /** POST /runs: the vault credentials the new task's runs may type (PATCH /tasks/{id} changes them). */
  credential_names: optional(taskCredentialNamesSchema),
  // Verified results (docs/adr/0043-verified-results.md).
  /** The run's checks; a saved task's run without them uses the task's. POST /runs: the new task's too. */
  checks: optional(runChecksSchema),
  /** POST /runs: the new task's retry policy (PATCH /tasks/{id} changes it). */
  retry: optional(retryPolicySchema),
  /** false: no session recording (docs/adr/0047-session-recordings.md); left out: the task's choice, else the server's default. */
  recording: optional(z.boolean({ error: "recording must be true or false" })),
  /** The only hosts the browser may reach (docs/adr/0049-messages-and-allowed-domains.md); left out: the task's, else the workspace's default. */
  allowed_domains: optional(allowedDomainsSchema),
});
/** What a caller may send: session_timeout may be absent or anything (non-numeric becomes 300). */
export type RunSettingsInput = Omit<z.input<typeof runSettingsSchema>, "session_timeout"> & { session_timeout?: unknown };
export type RunSettings = z.output<typeof runSettingsSchema>;

/** How long a run may last, and why it is shorter than session_timeout when the balance cut it. */
const timeLimitFields = {
  time_limit: z.number().int().meta({ description: "Seconds the run may last: session_timeout, or less when the credits cover less." }),
  time_limit_note: z
    .string()
    .nullable()
    .meta({ description: 'Why time_limit is below session_timeout, e.g. "Your credits cover 130 s of this 300 s run."' }),
};

/** How a finished run was paid: a free prompt, credits, or nothing (our fault, cancelled before it started, billing off). */
export const RUN_CHARGE_KINDS = ["free_prompt", "credits", "none"] as const;
export type RunChargeKind = (typeof RUN_CHARGE_KINDS)[number];
export const runChargeSchema = z
  .object({
    kind: z.enum(RUN_CHARGE_KINDS),
    credits: z.number().int().meta({ description: "Credit units charged (1/10,000 dollar); 0 unless kind is credits." }),
  })
  .meta({ description: "What the run was charged when it ended; null while it is pending." });
export type RunCharge = z.infer<typeof runChargeSchema>;

export const createRunResponseSchema = z.object({ id: z.uuid(), task_id: z.uuid(), status: z.enum(RUN_STATUSES), ...timeLimitFields });
export type CreatedRun = z.infer<typeof createRunResponseSchema>;

export const runSchema = z.object({
  id: z.uuid(),
  task_id: z.uuid(),
  /** 1 for a task's first run, then 2, 3... in the order they were created. */
  number: z.number().int().min(1).meta({ description: "The run's number in its task: #1 is its first run." }),
  user_id: z
    .string()
    .nullable()
    .meta({ description: "Who made it: null once their account is deleted (a team workspace keeps what its members made)." }),
  prompt: z.string(),
  status: z.enum(RUN_STATUSES),
  status_reason: z.string().nullable(),
  /** Why it did not succeed, as a kind from a closed list (docs/adr/0042-failure-kinds.md). */
  failure: runFailureSchema,
  needs_person: z.string().nullable().meta({
    description:
      'While the run waits for a person (a challenge the agent cannot solve): why, e.g. "The page shows a Turnstile challenge that the agent cannot solve (no captcha solver is configured)." Take control in the live view, solve it, then hand back. null otherwise.',
  }),
  // Approval before irreversible actions (docs/adr/0048-approval-before-irreversible-actions.md).
  needs_approval: pendingApprovalSchema.nullable(),
  ...approvalShownFields,
  result: z.string().nullable(),
  execution_time: z.number().nullable().meta({ description: "Seconds the run took; null while it is pending." }),
  input_tokens: z.number().int().meta({ description: "Model tokens read (prompts)." }),
  output_tokens: z.number().int().meta({ description: "Model tokens written (answers)." }),
  cost: z.number().int().nullable(),
  charge: runChargeSchema.nullable(),
  ...runSpendFields,
  public: z.boolean(),
  response_format: z.enum(RESPONSE_FORMATS),
  json_schema: z.unknown().nullable(),
  auth_context_id: z.string().nullable(),
  webhook_url: z.string().nullable(),
  session_timeout: z.number().int(),
  proxy: proxyChoiceSchema.nullable().meta({
    description:
      "The proxy pool asked for (null: the server's default). A run with a saved login goes out through the login's proxy instead.",
  }),
  ...timeLimitFields,
  initial_url: z.string().nullable(),
  model: z.string(),
  model_provider: z.string(),
  mode: z.enum(RUN_MODES).meta({ description: "How the run was asked to be carried out (see execution for how it was)." }),
  execution: runExecutionSchema.nullable(),
  // Batches (docs/adr/0041-batches.md).
  batch_id: z.uuid().nullable().meta({ description: "The batch whose row this run is; null for a run started on its own." }),
  // Evaluations (docs/adr/0044-evaluations.md).
  evaluation_id: z.uuid().nullable().meta({ description: "The evaluation this run is a case of; null for a run started on its own." }),
  // Verified results (docs/adr/0043-verified-results.md).
  checks: runChecksSchema.nullable().meta({ description: "The checks its answer is verified with; null: none." }),
  verification: verificationSchema.nullable(),
  retry_of: z.uuid().nullable().meta({ description: "The first run of the chain this run retries; null when it is not a retry." }),
  retries: z.array(z.uuid()).meta({ description: "The retries of this run (when it is the first of a chain), oldest first." }),
  recording: z
    .boolean()
    .nullable()
    .meta({ description: "Whether it keeps a session recording (GET /runs/{id}/recording); null: the server's default." }),
  allowed_domains: z
    .array(z.string())
    .nullable()
    .meta({ description: "The only hosts its browser could reach (its own, its task's or the workspace's default); null: no limit." }),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Run = z.infer<typeof runSchema>;

export const stepSchema = z.object({
  id: z.uuid(),
  task_run_id: z.uuid(),
  number: z.number().int(),
  created_at: z.string(),
  extracted_content: z.string().nullable(),
  success: z.boolean().nullable(),
  error: z.string().nullable(),
  action: z
    .array(stepActionSchema)
    .nullable()
    .meta({ description: "The browser actions the agent took in this step, in order; null when none were recorded (older runs)." }),
  url: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  has_screenshot: z.boolean(),
});
export type Step = z.infer<typeof stepSchema>;
