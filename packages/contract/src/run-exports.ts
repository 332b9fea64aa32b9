import { z } from "zod";

/*
 * What a run's downloads hold (docs/adr/0051-run-har-trace-bundle.md): its HAR, its trace as JSON
 * and one archive of everything. Values only ids, names, counts, times and kinds (the trace) or
 * request metadata with cookies, credentials and the run's secrets removed (the HAR).
 */

/** One span of a run's trace: times in ms after the run started. */
export const traceSpanSchema = z.object({
  span_id: z.string(),
  parent_span_id: z.string().nullable(),
  name: z.string().meta({ description: "`run`, `step`, `browser observe`, `chat <model>`, `browser act`" }),
  start_ms: z.number(),
  duration_ms: z.number(),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
});

/** Where one step's time went: the waterfall's row. `waiting_ms` is the rest (a person's turn, waiting for the page, keeping the step). */
export const traceStepSchema = z.object({
  number: z.number().int(),
  start_ms: z.number(),
  duration_ms: z.number(),
  model_ms: z.number(),
  browser_ms: z.number(),
  waiting_ms: z.number(),
});

export const runTraceSchema = z.object({
  run_id: z.uuid(),
  trace_id: z.string().nullable().meta({ description: "The OpenTelemetry trace id when the worker exported to a collector, else null" }),
  started_at: z.string(),
  duration_ms: z.number(),
  status: z.string(),
  spans: z.array(traceSpanSchema),
  steps: z.array(traceStepSchema),
});

export type TraceSpan = z.infer<typeof traceSpanSchema>;
export type TraceStep = z.infer<typeof traceStepSchema>;
export type RunTrace = z.infer<typeof runTraceSchema>;

/** The download menu's files, in the order the run page lists them. */
export const RUN_DOWNLOADS = ["har", "trace", "bundle"] as const;
export type RunDownload = (typeof RUN_DOWNLOADS)[number];
