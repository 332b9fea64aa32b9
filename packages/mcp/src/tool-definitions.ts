import {
  automationListQuerySchema,
  FILE_ORIGINS,
  MAX_COST_USD_CEILING,
  MAX_STEPS_CEILING,
  ON_LIMIT_ACTIONS,
  RESPONSE_FORMATS,
  RUN_FILES_MAX,
  RUN_STATUSES,
  recentRunsQuerySchema,
  BATCH_CONCURRENCY,
  BATCH_MAX_ROWS,
  approvalAnswerSchema,
  batchSchema,
  evaluationReportSchema,
  evaluationSchema,
  runFailureSchema,
  runMessageInputSchema,
  runSettingsSchema,
  runTraceSchema,
  SESSION_TIMEOUT,
  verificationSchema,
  slugParam,
  UPLOAD_MAX_BYTES,
  uploadFileSchema,
  TASK_TAG_MESSAGE,
  TASK_TAGS,
} from "@errand/contract";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/**
 * The tools an assistant sees, task-level first. These names and schemas are the protocol between
 * the assistant and Errand (the MCP page and the tests name them):
 *
 *   run_task           { prompt, response_format?, json_schema?, initial_url?, auth_context_id?, session_timeout?, files?,
 *                        max_cost_usd?, max_steps?, on_limit?, tags? }
 *                      starts a run and waits for it; a progress notification per step; the result
 *   start_task         same input                                 starts a run, returns its id at once
 *   get_run            { run_id }                                 status and result of a run
 *   get_run_steps      { run_id, screenshots? }                   the steps, optionally the last screenshots as images
 *   cancel_run         { run_id }                                 stops a pending run
 *   approve_action     { run_id, decision, note? }                approves or denies the action a run waits on (needs_approval)
 *   send_message       { run_id, text }                           tells a running agent something before its next step
 *   list_runs          { limit? }                                 your latest runs, newest first
 *   list_automations   { search?, category?, application? }       the marketplace of ready-made automations
 *   run_automation     { slug, auth_context_id?, initial_url? }   runs an automation's prompt and settings, waits like run_task
 *   list_auth_contexts {}                                         your saved logins (ids for auth_context_id)
 *   upload_file        { name, data, content_type? }              keeps a file (base64) that runs may be given (files)
 *   get_run_files      { run_id, content? }                       the run's files: what it was given and what sites sent
 *   start_batch        { task_id, rows, concurrency?, idempotency_key? }  runs a saved task over rows of its {{inputs}}
 *   get_batch          { batch_id }                               a batch's progress, and its results once it has ended
 *   get_evaluation     { evaluation_id }                          an evaluation's progress and its models compared (docs/evaluations.md)
 *   get_run_trace      { run_id }                                 where each step's time went, and links to the HAR and the bundle
 *   get_run_recording  { run_id }                                 a summary of the run's session recording and where to play or download it
 *
 * Every call goes through the REST API with the caller's key: the same ownership, limits and errors.
 */
export const TOOL_NAMES = [
  "run_task",
  "start_task",
  "get_run",
  "get_run_steps",
  "cancel_run",
  "approve_action",
  "send_message",
  "list_runs",
  "list_automations",
  "run_automation",
  "list_auth_contexts",
  "upload_file",
  "get_run_files",
  "start_batch",
  "get_batch",
  "get_evaluation",
  "get_run_trace",
  "get_run_recording",
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** Screenshots get_run_steps returns at most (the last ones): images are large for a model's context. */
export const MAX_SCREENSHOTS = 5;
/** get_run_files returns the bytes of files up to this size (larger ones: their name and size only). */
export const MAX_INLINE_FILE_BYTES = 1024 * 1024;

const runId = z.uuid({ error: "run_id must be a UUID" }).describe("The run's id (from run_task, start_task or list_runs).");

// Bounds come from the API's own schemas (packages/contract): a value the tool accepts, the API accepts.
const taskInput = {
  prompt: runSettingsSchema.shape.prompt.describe(
    'The task in plain language, e.g. "Open news.ycombinator.com and list the titles of the top 5 stories".',
  ),
  response_format: z
    .enum(RESPONSE_FORMATS)
    .optional()
    .describe('"text" (default) for a written answer; "json" for data, shaped by json_schema when given.'),
  json_schema: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('A JSON Schema the JSON result must match (response_format "json"). A top-level object with one list gives a table.'),
  initial_url: z.url().optional().describe("The page the browser opens first (http or https)."),
  auth_context_id: z.uuid().optional().describe("A saved login to start signed in (ids from list_auth_contexts)."),
  session_timeout: z
    .number()
    .int()
    .min(SESSION_TIMEOUT.min)
    .max(SESSION_TIMEOUT.max)
    .optional()
    .describe(`Seconds the run may last, ${SESSION_TIMEOUT.min} to ${SESSION_TIMEOUT.max} (default ${SESSION_TIMEOUT.default}).`),
  files: z
    .array(z.uuid())
    .max(RUN_FILES_MAX)
    .optional()
    .describe(`Ids of files from upload_file (at most ${RUN_FILES_MAX}): the agent can put them into the site's file fields.`),
  max_cost_usd: z
    .number()
    .min(0.01)
    .max(MAX_COST_USD_CEILING)
    .optional()
    .describe("Stop the run once it has cost this many dollars (charged time plus model spend). Default: no limit."),
  max_steps: z.number().int().min(1).max(MAX_STEPS_CEILING).optional().describe("Stop the run after this many steps. Default: no limit."),
  on_limit: z
    .enum(ON_LIMIT_ACTIONS)
    .optional()
    .describe(
      '"stop" (default) ends the run at a limit; "ask" waits for a person to raise the limit (PATCH /runs/{id}/limits) or stop the run.',
    ),
  tags: z
    .array(z.string())
    .max(TASK_TAGS.max)
    .optional()
    .describe(`Labels for the new task, e.g. ["team:sales"], so its spend shows per tag (GET /usage?group_by=tag). ${TASK_TAG_MESSAGE}.`),
};

const batchId = z.uuid({ error: "batch_id must be a UUID" }).describe("The batch's id (from start_batch).");

/** Each tool's arguments (the handlers are typed by these). */
export const TOOL_INPUTS = {
  start_batch: z.object({
    task_id: z
      .uuid({ error: "task_id must be a UUID" })
      .describe("The saved task to run (a run's task_id); its prompt names its inputs as {{name}}."),
    rows: z
      .array(z.record(z.string(), z.string()))
      .min(1)
      .max(BATCH_MAX_ROWS)
      .describe(`One object per run, giving each {{input}} of the prompt a value, e.g. [{"city": "Madrid"}] (at most ${BATCH_MAX_ROWS}).`),
    concurrency: z
      .number()
      .int()
      .min(BATCH_CONCURRENCY.min)
      .max(BATCH_CONCURRENCY.max)
      .optional()
      .describe(`Rows running at once, ${BATCH_CONCURRENCY.min} to ${BATCH_CONCURRENCY.max} (default ${BATCH_CONCURRENCY.default}).`),
    idempotency_key: z
      .string()
      .max(255)
      .optional()
      .describe("Send the same key again and the first batch is answered: nothing starts twice."),
  }),
  get_batch: z.object({ batch_id: batchId }),
  get_evaluation: z.object({
    evaluation_id: z
      .uuid({ error: "evaluation_id must be a UUID" })
      .describe("The evaluation's id (from the web app, the API or errand eval)."),
  }),
  run_task: z.object(taskInput),
  start_task: z.object(taskInput),
  get_run: z.object({ run_id: runId }),
  get_run_recording: z.object({ run_id: runId }),
  get_run_steps: z.object({
    run_id: runId,
    screenshots: z.boolean().optional().describe(`Add the screenshots of the last ${MAX_SCREENSHOTS} steps as images (default false).`),
  }),
  cancel_run: z.object({ run_id: runId }),
  approve_action: z.object({
    run_id: runId,
    decision: approvalAnswerSchema.shape.decision.describe('"approve": the agent does it; "deny": it does not.'),
    note: approvalAnswerSchema.shape.note.describe("What the agent reads with your answer, e.g. why you denied it."),
  }),
  get_run_trace: z.object({ run_id: runId }),
  send_message: z.object({
    run_id: runId,
    text: runMessageInputSchema.shape.text.describe('What to tell the agent, e.g. "Also take the rating."'),
  }),
  list_runs: z.object({ limit: recentRunsQuerySchema.shape.limit.describe("How many runs (1 to 50, default 10).") }),
  list_automations: z.object({
    search: automationListQuerySchema.shape.search.describe("Words in the title or description."),
    category: automationListQuerySchema.shape.category.describe('A category, e.g. "sales".'),
    application: automationListQuerySchema.shape.application.describe('An application key, e.g. "hacker-news" or "linkedin".'),
  }),
  run_automation: z.object({
    slug: slugParam.shape.slug.describe("The automation's slug (from list_automations)."),
    auth_context_id: taskInput.auth_context_id,
    initial_url: z.url().optional().describe("Start from this page instead of the automation's own."),
  }),
  list_auth_contexts: z.object({}),
  upload_file: z.object({
    name: uploadFileSchema.shape.name.describe("The file's name as the site will receive it, e.g. invoice.pdf."),
    data: uploadFileSchema.shape.data.describe(`The file's bytes in base64 (at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB decoded).`),
    content_type: uploadFileSchema.shape.content_type.describe(
      "Its media type, e.g. application/pdf; guessed from the name when left out.",
    ),
  }),
  get_run_files: z.object({
    run_id: runId,
    content: z
      .boolean()
      .optional()
      .describe(`Add each file's bytes (files up to ${MAX_INLINE_FILE_BYTES / 1024 / 1024} MB; default false).`),
  }),
} satisfies Record<ToolName, z.ZodObject>;
export type ToolInput<N extends ToolName> = z.infer<(typeof TOOL_INPUTS)[N]>;

/** A run as the tools give it back: what an assistant needs to answer and to link to it. */
export const runOutputSchema = z.object({
  run_id: z.string(),
  task_id: z.string(),
  status: z.enum(RUN_STATUSES),
  status_reason: z.string().nullable(),
  failure: runFailureSchema.describe(
    "Why the run did not succeed: kind (e.g. navigation_blocked, time_limit, login_required) and message; null when pending or successful.",
  ),
  result: z.string().nullable().describe("The answer as text (for JSON runs, the JSON text)."),
  data: z.unknown().optional().describe("The parsed JSON result of a JSON run."),
  execution_time: z.number().nullable(),
  url: z.string().describe("The run's page in the Errand web app."),
  // Verified results (docs/adr/0043-verified-results.md).
  verification: verificationSchema.nullable().optional().describe("How the answer was verified against the run's checks."),
  retry_of: z.string().nullable().optional().describe("The first run of the chain this run retries."),
});
export type RunOutput = z.infer<typeof runOutputSchema>;

/** get_run_recording's answer (docs/adr/0047-session-recordings.md). */
export const sessionRecordingSummarySchema = z.object({
  run_id: z.string(),
  events: z.number().int(),
  tabs: z.number().int(),
  step_markers: z.number().int(),
  duration_seconds: z.number(),
  cut: z.boolean(),
  note: z.string().nullable(),
  url: z.string().describe("The run's page in the Errand web app, where the recording plays."),
  download_url: z.string().describe("GET it with your API key for the whole recording as JSON (rrweb events)."),
});
export type SessionRecordingSummary = z.infer<typeof sessionRecordingSummarySchema>;

const fileOutputSchema = z.object({
  file_id: z.string(),
  origin: z.enum(FILE_ORIGINS),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  step_number: z.number().int().nullable(),
});

const stepOutputSchema = z.object({
  number: z.number().int(),
  text: z.string(),
  success: z.boolean().nullable(),
  url: z.string().nullable(),
  has_screenshot: z.boolean(),
});

export interface ToolDefinition {
  name: ToolName;
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema?: z.ZodObject;
  annotations: ToolAnnotations;
}

// Annotations: every tool reaches outside (Errand's API; runs browse the web): openWorldHint.
const readOnly: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
const startsRun: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: "run_task",
    title: "Run a web task",
    description:
      "Have Errand's browsing agent carry out a web task in a real browser and wait for the answer. " +
      "Sends a progress notification with each step the agent takes. Returns the result (text, or JSON as structured data) and the run's page. " +
      "Uses a free prompt or credits. For runs longer than your client waits, use start_task and get_run.",
    inputSchema: TOOL_INPUTS.run_task,
    outputSchema: runOutputSchema,
    annotations: { ...startsRun, title: "Run a web task" },
  },
  {
    name: "start_task",
    title: "Start a web task",
    description:
      "Start a web task and return at once with the run's id, without waiting. Follow it with get_run (status and result) and get_run_steps.",
    inputSchema: TOOL_INPUTS.start_task,
    outputSchema: runOutputSchema,
    annotations: { ...startsRun, title: "Start a web task" },
  },
  {
    name: "get_run",
    title: "Get a run",
    description: "A run's status (pending, success, failed, error, cancelled), its result when it has ended, and its page.",
    inputSchema: TOOL_INPUTS.get_run,
    outputSchema: runOutputSchema,
    annotations: { ...readOnly, title: "Get a run" },
  },
  {
    name: "get_run_steps",
    title: "Get a run's steps",
    description:
      "The steps the agent took in a run, oldest first: what it did or read at each one. " +
      `With screenshots: true, the screenshots of the last ${MAX_SCREENSHOTS} steps that have one are added as images.`,
    inputSchema: TOOL_INPUTS.get_run_steps,
    outputSchema: z.object({ run_id: z.string(), steps: z.array(stepOutputSchema) }),
    annotations: { ...readOnly, title: "Get a run's steps" },
  },
  {
    name: "get_run_trace",
    title: "Get a run's trace",
    description:
      "Where a run's time went: per step, the time in the model, in the browser and waiting; with the API links of its HAR (requests and responses, secrets removed) and of its bundle (a ZIP of everything it kept) to download with your API key.",
    inputSchema: TOOL_INPUTS.get_run_trace,
    outputSchema: z.object({ trace: runTraceSchema, har_url: z.string(), bundle_url: z.string() }),
    annotations: { ...readOnly, title: "Get a run's trace" },
  },
  {
    name: "cancel_run",
    title: "Cancel a run",
    description: "Stop a pending run. The browser is closed; a run that had not started yet is not charged.",
    inputSchema: TOOL_INPUTS.cancel_run,
    outputSchema: runOutputSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true, title: "Cancel a run" },
  },
  {
    name: "approve_action",
    title: "Approve or deny a run's action",
    description:
      "A run whose task asks for approval (payment, purchase, sending, deleting, or listed words) waits before such a click: get_run shows it as needs_approval. Approve it, or deny it with a note the agent reads. Refused when nothing waits.",
    inputSchema: TOOL_INPUTS.approve_action,
    outputSchema: z.object({ run_id: z.string(), decision: z.enum(["approve", "deny"]) }),
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
      title: "Approve or deny a run's action",
    },
  },
  {
    name: "send_message",
    title: "Message a running agent",
    description:
      'Tell a running agent something (docs/adr/0049-messages-and-allowed-domains.md): it reads the message before its next step, as your words, and that step\'s record says "Read your message: ...". A run that has ended refuses it with the reason.',
    inputSchema: TOOL_INPUTS.send_message,
    outputSchema: z.object({ run_id: z.string(), message_id: z.string(), text: z.string() }),
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
      title: "Message a running agent",
    },
  },
  {
    name: "list_runs",
    title: "List recent runs",
    description: "Your latest runs across tasks, newest first, with their status and prompt.",
    inputSchema: TOOL_INPUTS.list_runs,
    outputSchema: z.object({
      runs: z.array(
        z.object({
          run_id: z.string(),
          task_id: z.string(),
          status: z.enum(RUN_STATUSES),
          prompt: z.string(),
          created_at: z.string(),
          url: z.string(),
        }),
      ),
    }),
    annotations: { ...readOnly, title: "List recent runs" },
  },
  {
    name: "list_automations",
    title: "List ready-made automations",
    description:
      "Search Errand's public marketplace of ready-made automations (scraping, lead lists, monitoring...). " +
      "Each has a slug to pass to run_automation.",
    inputSchema: TOOL_INPUTS.list_automations,
    outputSchema: z.object({
      automations: z.array(
        z.object({
          slug: z.string(),
          title: z.string(),
          description: z.string(),
          categories: z.array(z.string()),
          website: z.string().nullable(),
          need_auth: z.boolean(),
        }),
      ),
    }),
    annotations: { ...readOnly, title: "List ready-made automations" },
  },
  {
    name: "run_automation",
    title: "Run a ready-made automation",
    description:
      "Run a marketplace automation by its slug, with its own prompt and settings, and wait for the result like run_task " +
      "(progress notifications per step). Automations that need a login take auth_context_id.",
    inputSchema: TOOL_INPUTS.run_automation,
    outputSchema: runOutputSchema,
    annotations: { ...startsRun, title: "Run a ready-made automation" },
  },
  {
    name: "list_auth_contexts",
    title: "List saved logins",
    description:
      "Your saved logins (auth contexts): a run given one starts signed in to its sites. Create them in the Errand web app (Auth Contexts).",
    inputSchema: TOOL_INPUTS.list_auth_contexts,
    outputSchema: z.object({ auth_contexts: z.array(z.object({ id: z.string(), name: z.string(), urls: z.array(z.string()) })) }),
    annotations: { ...readOnly, title: "List saved logins" },
  },
  {
    name: "upload_file",
    title: "Upload a file for runs",
    description: `Keep a file (base64, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB decoded) that runs can be given: pass its file_id in run_task's or start_task's files, and the agent can put it into the site's file fields (an upload form, an attachment).`,
    inputSchema: TOOL_INPUTS.upload_file,
    outputSchema: fileOutputSchema,
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
      title: "Upload a file for runs",
    },
  },
  {
    name: "get_run_files",
    title: "Get a run's files",
    description:
      "The files of a run: those it was given, then those sites sent while it worked (downloads, with the step they came in). With content: true, their bytes are added (text as text, images as images, others as base64 resources).",
    inputSchema: TOOL_INPUTS.get_run_files,
    outputSchema: z.object({ run_id: z.string(), files: z.array(fileOutputSchema) }),
    annotations: { ...readOnly, title: "Get a run's files" },
  },
  {
    name: "start_batch",
    title: "Run a saved task over a list",
    description:
      "Run a saved task once per row: each row fills the prompt's {{inputs}} and becomes one run (charged like any run), a few at a time. " +
      "Returns the batch at once; follow it with get_batch.",
    inputSchema: TOOL_INPUTS.start_batch,
    outputSchema: z.object({ batch: batchSchema }),
    annotations: { ...startsRun, title: "Run a saved task over a list" },
  },
  {
    name: "get_batch",
    title: "Get a batch",
    description:
      "A batch's status and its rows per outcome; once it has ended, its results: one row per input row with its outcome, run and answer fields.",
    inputSchema: TOOL_INPUTS.get_batch,
    outputSchema: z.object({
      batch: batchSchema,
      results: z.object({ columns: z.array(z.string()), rows: z.array(z.record(z.string(), z.string().nullable())) }).nullable(),
    }),
    annotations: { ...readOnly, title: "Get a batch" },
  },
  {
    name: "get_evaluation",
    title: "Get an evaluation",
    description:
      "An evaluation (a suite of tasks run against several models): its progress and, per model, the success rate, verdicts, cost, tokens, time and failure kinds so far.",
    inputSchema: TOOL_INPUTS.get_evaluation,
    outputSchema: z.object({ evaluation: evaluationSchema, report: evaluationReportSchema }),
    annotations: { ...readOnly, title: "Get an evaluation" },
  },
  {
    name: "get_run_recording",
    title: "Get a run's session recording",
    description:
      "What a run's session recording holds (events, tabs, step markers, how long, whether it was cut) and where to play it (the run page) or download it as JSON: a summary, not the recording itself, which can be megabytes.",
    inputSchema: TOOL_INPUTS.get_run_recording,
    outputSchema: sessionRecordingSummarySchema,
    annotations: { ...readOnly, title: "Get a run's session recording" },
  },
];
