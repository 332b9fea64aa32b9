import { FAILURE_KINDS, RUN_STATUSES, type FailureKind, type FinalRunStatus } from "@errand/contract";
import { Counter, Gauge, Histogram, Registry } from "./registry.ts";

/** Seconds: a replayed run takes a second or two, an agent run minutes, the limit is an hour. */
const RUN_BUCKETS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600];
/** Seconds: one model round trip and one action. */
const STEP_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];
/** Seconds: pages and API answers (a Server-Sent Events stream is timed to its headers). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** States a run can be in as `errand_runs` reports them: pending split into waiting and running. */
export const RUN_STATES = ["waiting", "running", ...RUN_STATUSES.filter((s) => s !== "pending")] as const;

/**
 * The product's metrics, one set per process (see docs/self-hosting.md, "Metrics and logs").
 * Counters and histograms move where things happen in this process; the database gauges are
 * filled at scrape time by collectDatabaseMetrics, only in processes that serve /metrics for
 * the whole installation (API processes).
 */
export function createMetrics() {
  const registry = new Registry();
  const metrics = {
    registry,
    runs: registry.register(
      new Gauge("errand_runs", "Runs in the database by state (waiting: queued, not started; running: started, not ended).", ["status"]),
    ),
    queueDepth: registry.register(new Gauge("errand_queue_depth", "Runs waiting in the queue for a worker.")),
    queueOldestWait: registry.register(
      new Gauge("errand_queue_oldest_wait_seconds", "How long the oldest run still in the queue has waited (0 when none waits)."),
    ),
    runDuration: registry.register(
      new Histogram(
        "errand_run_duration_seconds",
        "Execution time of the runs this process ended, by final status.",
        ["status"],
        RUN_BUCKETS,
      ),
    ),
    runsFailed: registry.register(
      new Counter(
        "errand_runs_failed_total",
        "Runs this process ended without success (failed, error, cancelled), by failure kind (docs/api.md, Failure kinds).",
        ["kind"],
      ),
    ),
    stepDuration: registry.register(
      new Histogram("errand_step_duration_seconds", "Duration of the steps this process recorded.", [], STEP_BUCKETS),
    ),
    modelTokens: registry.register(
      new Counter("errand_model_tokens_total", "Model tokens used by the runs this process ended, by direction (input, output).", [
        "direction",
      ]),
    ),
    browserContexts: registry.register(
      new Gauge("errand_browser_contexts_open", "Browser contexts open in this process (runs and live login browsers)."),
    ),
    webhookDeliveries: registry.register(new Counter("errand_webhook_deliveries_total", "Webhook delivery attempts made by this process.")),
    webhookFailures: registry.register(
      new Counter(
        "errand_webhook_delivery_failures_total",
        "Webhook delivery attempts that got no 2xx answer (refused, unreachable, timed out, non-2xx).",
      ),
    ),
    httpDuration: registry.register(
      new Histogram(
        "errand_http_request_duration_seconds",
        "HTTP requests by method, route template and status class (2xx...).",
        ["method", "route", "status_class"],
        HTTP_BUCKETS,
      ),
    ),
  };
  for (const direction of ["input", "output"]) metrics.modelTokens.touch({ direction });
  // Every kind from the start: a rate over a series that appears only at its first failure misses it.
  for (const kind of FAILURE_KINDS) metrics.runsFailed.touch({ kind });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Records a run's end: its duration by status, its failure kind and its tokens. */
export function observeRunEnd(
  metrics: Metrics | undefined,
  run: { status: FinalRunStatus; failureKind?: FailureKind | null; seconds?: number | null; inputTokens?: number; outputTokens?: number },
): void {
  if (!metrics) return;
  if (typeof run.seconds === "number") metrics.runDuration.observe({ status: run.status }, run.seconds);
  if (run.failureKind) metrics.runsFailed.inc({ kind: run.failureKind });
  if (run.inputTokens) metrics.modelTokens.inc({ direction: "input" }, run.inputTokens);
  if (run.outputTokens) metrics.modelTokens.inc({ direction: "output" }, run.outputTokens);
}
