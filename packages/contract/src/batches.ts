import { z } from "zod";
import { VERDICTS } from "./verification.ts";

/**
 * Resource: a batch runs a saved task once per row of parameters (docs/adr/0041-batches.md). The
 * task's prompt names its inputs as `{{name}}`; each row gives them values and becomes one
 * ordinary run of the task.
 */
export const BATCH_STATUSES = ["running", "paused", "cancelled", "finished"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
/**
 * How a row ended: its run's final status, `skipped` (the batch was cancelled before it started)
 * or `refused` (its run could not be created: the balance or the spending limit said no).
 */
export const BATCH_ROW_OUTCOMES = ["success", "failed", "error", "cancelled", "skipped", "refused"] as const;
export type BatchRowOutcome = (typeof BATCH_ROW_OUTCOMES)[number];
/** Where a row is: not started yet, its run pending, or ended (its outcome says how). */
export const BATCH_ROW_STATES = ["waiting", "running", "done"] as const;
export type BatchRowState = (typeof BATCH_ROW_STATES)[number];

export const BATCH_CONCURRENCY = { min: 1, max: 10, default: 2 } as const;
export const BATCH_MAX_ROWS = 1000;
/** A row's field (or CSV column) with this name is its idempotency key, not an input of the prompt. */
export const ROW_KEY_FIELD = "idempotency_key";
export const ROW_KEY_MAX = 255;
export const BATCH_ROWS_PAGE = { default: 100, max: 500 } as const;

// Names only: `{{secret:name.password}}` is a credential's placeholder (credentials.ts), not an input.
const INPUT_PATTERN = /\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g;

/** The inputs a prompt names as `{{name}}`, each once, in the order they first appear. */
export function promptInputNames(prompt: string): string[] {
  return [...new Set([...prompt.matchAll(INPUT_PATTERN)].map((m) => m[1]!))];
}

/** The prompt with each `{{name}}` replaced by the row's value (an input the row lacks stays as written). */
export function fillPrompt(prompt: string, values: Record<string, string>): string {
  return prompt.replace(INPUT_PATTERN, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

export const missingInputMessage = (name: string, row: number) => `Row ${row} has no value for {{${name}}}, which the task's prompt uses`;
export const noInputsMessage = "The task's prompt names no inputs: write them as {{name}} in the prompt to run it over a list";
export const rowKeyTakenMessage = (key: string) => `The idempotency key "${key}" was already used by a row of another batch`;
export const batchNotRunningMessage = (status: BatchStatus) => `The batch is ${status}.`;

const cell = z
  .union([z.string(), z.number(), z.boolean()], { error: "Each value of a row must be a string, a number or a boolean" })
  .transform(String);
/** One row: the prompt's inputs by name, and optionally its idempotency key. */
export const batchRowInputSchema = z
  .record(z.string(), cell, { error: "Each row must be an object of input names to values" })
  .refine((row) => (row[ROW_KEY_FIELD] ?? "").length <= ROW_KEY_MAX, {
    error: `${ROW_KEY_FIELD} must be at most ${ROW_KEY_MAX} characters`,
  })
  .meta({ description: `The prompt's inputs by name ({{name}} in the prompt). A field \`${ROW_KEY_FIELD}\` is the row's key instead.` });

export const createBatchSchema = z.object({
  rows: z
    .array(batchRowInputSchema, { error: "rows must be a list of objects" })
    .min(1, { error: "rows must hold at least one row" })
    .max(BATCH_MAX_ROWS, { error: `A batch holds at most ${BATCH_MAX_ROWS} rows` }),
  concurrency: z
    .number({ error: `concurrency must be a whole number from ${BATCH_CONCURRENCY.min} to ${BATCH_CONCURRENCY.max}` })
    .int({ error: `concurrency must be a whole number from ${BATCH_CONCURRENCY.min} to ${BATCH_CONCURRENCY.max}` })
    .min(BATCH_CONCURRENCY.min, { error: `concurrency must be a whole number from ${BATCH_CONCURRENCY.min} to ${BATCH_CONCURRENCY.max}` })
    .max(BATCH_CONCURRENCY.max, { error: `concurrency must be a whole number from ${BATCH_CONCURRENCY.min} to ${BATCH_CONCURRENCY.max}` })
    .default(BATCH_CONCURRENCY.default)
    .meta({ description: "Rows whose runs may be pending at once." }),
  idempotency_key: z
    .string()
    .min(1)
    .max(ROW_KEY_MAX, { error: `idempotency_key must be at most ${ROW_KEY_MAX} characters` })
    .optional()
    .meta({ description: "Sending the same key again answers the batch made the first time and starts nothing." }),
});
export type CreateBatch = z.input<typeof createBatchSchema>;

export const batchCountsSchema = z.object({
  waiting: z.number().int(),
  running: z.number().int(),
  ...(Object.fromEntries(BATCH_ROW_OUTCOMES.map((o) => [o, z.number().int()])) as Record<BatchRowOutcome, z.ZodNumber>),
});
export type BatchCounts = z.infer<typeof batchCountsSchema>;

export const batchSchema = z.object({
  id: z.uuid(),
  task_id: z.uuid(),
  status: z.enum(BATCH_STATUSES),
  status_reason: z
    .string()
    .nullable()
    .meta({ description: "Why the batch paused on its own (the balance or the spending limit), or null." }),
  concurrency: z.number().int(),
  inputs: z.array(z.string()).meta({ description: "The prompt's inputs the rows fill, in order." }),
  total_rows: z.number().int(),
  counts: batchCountsSchema.meta({ description: "Rows per state and outcome." }),
  cost: z.number().int().meta({ description: "Credit units its rows' runs were charged (1/10,000 dollar)." }),
  created_by: z
    .string()
    .nullable()
    .meta({ description: "The user id of its maker; null once their account is deleted (the batch is the workspace's)." }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Batch = z.infer<typeof batchSchema>;

/** Where a batch stands, for a progress line: rows ended, rows running, and each outcome met ("11 success"). */
export function batchProgress(batch: Pick<Batch, "counts" | "total_rows">) {
  const { waiting, running, ...outcomes } = batch.counts;
  const met = Object.entries(outcomes)
    .filter(([, n]) => n > 0)
    .map(([outcome, n]) => `${n} ${outcome}`);
  return { ended: batch.total_rows - waiting - running, running, outcomes: met };
}

export const batchRowSchema = z.object({
  index: z.number().int().meta({ description: "The row's place in the batch, from 0." }),
  params: z.record(z.string(), z.string()),
  idempotency_key: z.string(),
  state: z.enum(BATCH_ROW_STATES),
  outcome: z.enum(BATCH_ROW_OUTCOMES).nullable(),
  reason: z.string().nullable().meta({ description: "Why the row's run did not succeed, or why it was refused." }),
  run_id: z.uuid().nullable(),
  result: z.string().nullable(),
  verdict: z.enum(VERDICTS).nullable().meta({
    description: "The verdict of the run's checks (docs/adr/0043-verified-results.md), or null when it had none or has not ended.",
  }),
  cost: z.number().int().nullable(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

export const batchListSchema = z.object({ batches: z.array(batchSchema).meta({ description: "Newest first" }) });
export const batchRowsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(BATCH_ROWS_PAGE.max).default(BATCH_ROWS_PAGE.default),
});
export const batchRowsPageSchema = z.object({
  rows: z.array(batchRowSchema),
  total: z.number().int(),
  next_offset: z.number().int().nullable(),
});
export type BatchRowsPage = z.infer<typeof batchRowsPageSchema>;

export const batchListQuerySchema = z.object({
  task_id: z.uuid({ error: "task_id must be a UUID" }).optional().meta({ description: "Only this task's batches" }),
});
export const BATCH_RESULT_FORMATS = ["json", "csv"] as const;
export const batchResultsQuerySchema = z.object({
  format: z.enum(BATCH_RESULT_FORMATS, { error: "format must be json or csv" }).default("json"),
});
export const batchResultsSchema = z.object({
  columns: z.array(z.string()).meta({
    description:
      "`row`, the inputs, `outcome`, `verdict` (pass, fail, unsure, or null without checks), `run_id`, `run_url`, then the answer's fields: a JSON answer's leaves by dotted path (`price.amount`, `items.0.name`), any other answer as `result`.",
  }),
  rows: z
    .array(z.record(z.string(), z.string().nullable()))
    .meta({ description: "One object per row, keyed by column; null where a row has no value." }),
});
