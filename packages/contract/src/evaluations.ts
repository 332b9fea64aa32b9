import { z } from "zod";
import { runChecksSchema } from "./checks.ts";
import { FAILURE_KINDS, failureKindSchema } from "./failure-kinds.ts";
import { plainText } from "./input-limits.ts";
import { maxStepsSchema } from "./run-limits.ts";
import { httpUrl, jsonSchemaFieldSchema, RUN_STATUSES } from "./runs.ts";
import { VERDICTS } from "./verification.ts";

/**
 * Resource: an evaluation runs a suite of tasks with expected answers or checks against one or
 * more models and compares them side by side (docs/adr/0044-evaluations.md, docs/evaluations.md).
 * Each case x model is one ordinary run (held, charged and capped like any run).
 *
 * Routes:
 * - POST   /evaluations                    create: JSON `{ suite, models?, idempotency_key? }`, or the
 *                                          suite as YAML (`Content-Type: application/yaml`) with
 *                                          `?models=a,b`; an `Idempotency-Key` header works too.
 *                                          201 with an EvaluationDetail.
 * - GET    /evaluations                    list (newest first): EvaluationList
 * - GET    /evaluations/{id}               EvaluationDetail (progress and the report so far)
 * - POST   /evaluations/{id}/cancel        EvaluationDetail (waiting cells skipped, pending runs cancelled)
 * - DELETE /evaluations/{id}               204 (its runs stay, unmarked from it)
 * - GET    /evaluations/{id}/report        ?format=json (EvaluationReport) | csv (one line per cell, EVALUATION_CSV_COLUMNS)
 * - GET    /evaluations/{id}/share         EvaluationShare (url or null)
 * - POST   /evaluations/{id}/share         EvaluationShare (turns the link on; the same link while on)
 * - DELETE /evaluations/{id}/share         EvaluationShare with url null
 * - GET    /shared/evaluations/{token}     public, no auth: SharedEvaluation; 404 once unshared
 * The web page for a shared evaluation is /shared/evaluations/{token}.
 */
export const EVALUATION_STATUSES = ["running", "cancelled", "finished"] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

/**
 * Where a cell (one case run by one model) is: not started yet, its run pending, its run ended,
 * skipped (the evaluation was cancelled before it started) or refused (its run could not be
 * created: the balance, the spending limit or the start URL said no; `reason` says which).
 */
export const EVALUATION_CELL_STATES = ["waiting", "running", "done", "skipped", "refused"] as const;
export type EvaluationCellState = (typeof EVALUATION_CELL_STATES)[number];

export const EVALUATION_LIMITS = {
  maxCases: 200,
  maxModels: 5,
  maxName: 200,
  maxDescription: 4000,
  maxCaseName: 200,
  maxExpectedText: 4000,
  concurrency: { min: 1, max: 10, default: 2 },
} as const;

export const EVALUATION_REPORT_FORMATS = ["json", "csv"] as const;

const modelName = plainText("model", { oneLine: true })
  .trim()
  .min(1, { error: "a model name must not be empty" })
  .max(100, { error: "a model name must be at most 100 characters" });

/** Model names: a list, or one text of names split by commas ("gpt-4.1,llama-3.3-70b"). */
export const evaluationModelsSchema = z
  .preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((m) => m.trim())
            .filter(Boolean)
        : v,
    z
      .array(modelName, { error: "models must be a list of model names" })
      .min(1, { error: "models must name at least one model" })
      .max(EVALUATION_LIMITS.maxModels, { error: `at most ${EVALUATION_LIMITS.maxModels} models` })
      .refine((models) => new Set(models).size === models.length, { error: "models must not repeat a model" }),
  )
  .meta({ description: `The models each case is run with, at most ${EVALUATION_LIMITS.maxModels}.` });

/**
 * What the answer must hold: a text (the answer contains it, ignoring case and spacing) or a JSON
 * value (the JSON answer contains it: objects by subset, arrays element by element in order,
 * other values equal).
 */
export const expectedAnswerSchema = z
  .unknown()
  .refine((v) => v !== undefined && v !== null, { error: "expected must be a text or a JSON value" })
  .refine((v) => typeof v !== "string" || (v.trim().length > 0 && v.length <= EVALUATION_LIMITS.maxExpectedText), {
    error: `expected must be a text of 1 to ${EVALUATION_LIMITS.maxExpectedText} characters`,
  })
  .meta({
    description:
      "A text the answer must contain (case and spacing ignored), or a JSON value the JSON answer must contain (objects as a subset).",
  });

export const evaluationCaseSchema = z.object({
  name: plainText("name", { oneLine: true })
    .trim()
    .max(EVALUATION_LIMITS.maxCaseName, { error: `name must be at most ${EVALUATION_LIMITS.maxCaseName} characters` })
    .optional()
    .meta({ description: 'Shown in the report; "Case N" when left out.' }),
  prompt: z
    .string({ error: "prompt is required" })
    .trim()
    .min(1, { error: "prompt must not be empty" })
    .max(20_000, { error: "prompt must be at most 20000 characters" }),
  start_url: httpUrl("start_url")
    .optional()
    .meta({ description: "The page the run starts on; held to the same address rules as a run's initial_url." }),
  output_schema: jsonSchemaFieldSchema.optional().meta({ description: "A JSON schema the answer must fit; the run then answers JSON." }),
  expected: expectedAnswerSchema.optional(),
  checks: runChecksSchema.optional(),
  max_steps: maxStepsSchema,
});
export type EvaluationCase = z.output<typeof evaluationCaseSchema>;
export type EvaluationCaseInput = z.input<typeof evaluationCaseSchema>;

const concurrencyError = `concurrency must be a whole number from ${EVALUATION_LIMITS.concurrency.min} to ${EVALUATION_LIMITS.concurrency.max}`;

export const evaluationSuiteSchema = z.object({
  name: plainText("name", { oneLine: true })
    .trim()
    .min(1, { error: "name must not be empty" })
    .max(EVALUATION_LIMITS.maxName, { error: `name must be at most ${EVALUATION_LIMITS.maxName} characters` }),
  description: plainText("description")
    .trim()
    .max(EVALUATION_LIMITS.maxDescription, { error: `description must be at most ${EVALUATION_LIMITS.maxDescription} characters` })
    .optional(),
  models: evaluationModelsSchema.optional(),
  concurrency: z
    .number({ error: concurrencyError })
    .int({ error: concurrencyError })
    .min(EVALUATION_LIMITS.concurrency.min, { error: concurrencyError })
    .max(EVALUATION_LIMITS.concurrency.max, { error: concurrencyError })
    .optional()
    .meta({ description: "Runs of the evaluation that may be pending at once (default 2)." }),
  cases: z
    .array(evaluationCaseSchema, { error: "cases must be a list of cases" })
    .min(1, { error: "cases must hold at least one case" })
    .max(EVALUATION_LIMITS.maxCases, { error: `a suite holds at most ${EVALUATION_LIMITS.maxCases} cases` }),
});
export type EvaluationSuite = z.output<typeof evaluationSuiteSchema>;
export type EvaluationSuiteInput = z.input<typeof evaluationSuiteSchema>;

/** POST /evaluations as JSON. `models` here wins over the suite's; neither: the default model. */
export const createEvaluationSchema = z.object({
  suite: evaluationSuiteSchema,
  models: evaluationModelsSchema.optional(),
  idempotency_key: z
    .string()
    .min(1)
    .max(255, { error: "idempotency_key must be at most 255 characters" })
    .optional()
    .meta({ description: "Sending the same key again answers the evaluation made the first time and starts nothing." }),
});
export type CreateEvaluation = z.input<typeof createEvaluationSchema>;

export const evaluationCountsSchema = z.object({
  ...(Object.fromEntries(EVALUATION_CELL_STATES.map((s) => [s, z.number().int()])) as Record<EvaluationCellState, z.ZodNumber>),
});
export type EvaluationCounts = z.infer<typeof evaluationCountsSchema>;

export const verdictCountsSchema = z
  .object({ pass: z.number().int(), fail: z.number().int(), unsure: z.number().int(), none: z.number().int() })
  .meta({ description: "Ended cells by their run's verdict; none: the run had no checks or gave no answer." });

/** Per model, over its ended cells (figures are null while none has ended). */
export const evaluationModelSummarySchema = z.object({
  model: z.string(),
  cases: z.number().int().meta({ description: "Cells of this model (one per case)." }),
  ended: z.number().int().meta({ description: "Cells whose run has ended, or that were skipped or refused." }),
  passed: z.number().int(),
  success_rate: z.number().nullable().meta({ description: "passed / ended, from 0 to 1; null while none has ended." }),
  verdicts: verdictCountsSchema,
  cost_mean: z.number().nullable().meta({ description: "Credit units (1/10,000 dollar) per case, over cells with a run that ended." }),
  cost_median: z.number().nullable(),
  tokens_mean: z.number().nullable().meta({ description: "Model tokens (read + written) per case." }),
  tokens_median: z.number().nullable(),
  duration_ms_mean: z.number().nullable().meta({ description: "Milliseconds per case." }),
  step_ms_mean: z.number().nullable().meta({ description: "Milliseconds per step (a run's time over its steps), over runs with steps." }),
  failure_kinds: z
    .partialRecord(failureKindSchema, z.number().int())
    .meta({ description: "Failed cells by failure kind; kinds with none are left out." }),
});
export type EvaluationModelSummary = z.infer<typeof evaluationModelSummarySchema>;

/** A model's headline figures, on each evaluation of the list (the report has the rest). */
export const evaluationModelResultSchema = evaluationModelSummarySchema.pick({
  model: true,
  cases: true,
  ended: true,
  passed: true,
  success_rate: true,
});
export type EvaluationModelResult = z.infer<typeof evaluationModelResultSchema>;

export const evaluationReportCaseSchema = z.object({
  index: z.number().int().meta({ description: "The case's place in the suite, from 0." }),
  name: z.string(),
  prompt: z.string(),
  start_url: z.string().nullable(),
  expected: z.unknown().nullable(),
});
export type EvaluationReportCase = z.infer<typeof evaluationReportCaseSchema>;

export const evaluationCellSchema = z.object({
  case_index: z.number().int(),
  model: z.string(),
  state: z.enum(EVALUATION_CELL_STATES),
  run_id: z.uuid().nullable(),
  status: z.enum(RUN_STATUSES).nullable().meta({ description: "Its run's status; null before it has a run." }),
  passed: z
    .boolean()
    .nullable()
    .meta({ description: "Run succeeded, verdict not fail and expected matched; null until the cell has ended." }),
  verdict: z.enum(VERDICTS).nullable(),
  expected_match: z.boolean().nullable().meta({ description: "Whether the answer held `expected`; null: no expected or no answer yet." }),
  answer: z.string().nullable(),
  reason: z.string().nullable().meta({ description: "Why the run did not succeed, or why the cell was refused." }),
  failure_kind: z.enum(FAILURE_KINDS).nullable(),
  cost: z.number().int().nullable().meta({ description: "Credit units its run was charged." }),
  tokens: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  steps: z.number().int().nullable(),
});
export type EvaluationCell = z.infer<typeof evaluationCellSchema>;

/** The comparison; the web page draws its chart from `models`. */
export const evaluationReportSchema = z.object({
  models: z.array(evaluationModelSummarySchema).meta({ description: "One per model, in the evaluation's order." }),
  cases: z.array(evaluationReportCaseSchema),
  cells: z.array(evaluationCellSchema).meta({ description: "One per case x model, by case then model." }),
});
export type EvaluationReport = z.infer<typeof evaluationReportSchema>;

export const evaluationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(EVALUATION_STATUSES),
  models: z.array(z.string()),
  concurrency: z.number().int(),
  total_cases: z.number().int(),
  total_cells: z.number().int().meta({ description: "Cases x models: the runs it makes." }),
  counts: evaluationCountsSchema,
  cost: z.number().int().meta({ description: "Credit units its runs were charged." }),
  by_model: z
    .array(evaluationModelResultSchema)
    .meta({ description: "Per model, in the evaluation's order: its cases, how many ended and passed, and its success rate so far." }),
  shared: z.boolean(),
  created_by: z.string().nullable().meta({ description: "The user id of its maker; null once their account is deleted." }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

/** GET /evaluations/{id}: the evaluation, its suite as sent and the report so far. */
export const evaluationDetailSchema = evaluationSchema.extend({
  suite: evaluationSuiteSchema,
  report: evaluationReportSchema,
});
export type EvaluationDetail = z.infer<typeof evaluationDetailSchema>;

export const evaluationListSchema = z.object({ evaluations: z.array(evaluationSchema).meta({ description: "Newest first" }) });
export type EvaluationList = z.infer<typeof evaluationListSchema>;

export const evaluationReportQuerySchema = z.object({
  format: z.enum(EVALUATION_REPORT_FORMATS, { error: "format must be json or csv" }).default("json"),
});

/** ?models=a,b beside a YAML body. */
export const evaluationCreateQuerySchema = z.object({ models: evaluationModelsSchema.optional() });

/** GET/POST/DELETE /evaluations/{id}/share. */
export const evaluationShareSchema = z.object({
  url: z.string().nullable().meta({ description: "The share link (anyone with it sees the report); null when not shared." }),
});
export type EvaluationShare = z.infer<typeof evaluationShareSchema>;

/** GET /shared/evaluations/{token}: the report, without account details. */
export const sharedEvaluationSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(EVALUATION_STATUSES),
  models: z.array(z.string()),
  counts: evaluationCountsSchema,
  created_at: z.string(),
  finished_at: z.string().nullable(),
  report: evaluationReportSchema,
});
export type SharedEvaluation = z.infer<typeof sharedEvaluationSchema>;

export const SHARED_EVALUATION_NOT_FOUND_MESSAGE = "This shared link does not exist, or its owner has stopped sharing the evaluation.";

/** The CSV report's columns, one line per cell. */
export const EVALUATION_CSV_COLUMNS = [
  "case",
  "case_name",
  "model",
  "state",
  "run_id",
  "status",
  "passed",
  "verdict",
  "expected_match",
  "failure_kind",
  "cost",
  "tokens",
  "duration_ms",
  "steps",
  "answer",
] as const;

/** A case's name in the report: its own, else "Case N" (from 1). */
export const evaluationCaseName = (name: string | undefined | null, index: number) => name?.trim() || `Case ${index + 1}`;
