import type { RunTrace } from "@errand/contract";
import { steps, tasksRuns } from "@errand/db";
import { asc, eq } from "drizzle-orm";
import { gunzipSync } from "node:zlib";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ServiceError } from "../errors.ts";
import type { ServiceContext } from "../context.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { runHarKey, runTraceKey } from "../storage/storage-keys.ts";
import { ownRun } from "../runs/own-run.ts";

/** What a run without a kept HAR answers: an empty log that says why (it opened no browser, or ran before runs kept one). */
const NO_HAR = {
  log: {
    version: "1.2",
    creator: { name: "errand", version: "1" },
    comment: "This run kept no requests: it opened no browser, or it ran before runs kept their HAR.",
    entries: [],
  },
};

/** Why a run's HAR is gone when the workspace's retention deleted it with the recording. */
export function harDeletedReason(days: number): string {
  const kept = `${days} ${days === 1 ? "day" : "days"}`;
  return `The run's HAR was deleted ${kept} after the run ended, with its recording: this workspace keeps recordings for ${kept}.`;
}

/** GET /runs/{id}/har: the caller's run's HAR as JSON text (docs/adr/0051-run-har-trace-bundle.md). */
export async function readRunHar({ ctx, caller, input }: CallerVerbArgs<{ runId: string; storage: FileStorage }>): Promise<string> {
  requireScope(caller, "read");
  const run = await ownRun(ctx.db, caller, input.runId, { deletedAfterDays: tasksRuns.recordingDeletedAfterDays });
  // Deleted with the recording by the workspace's retention (docs/adr/0056-recording-retention.md).
  if (run.deletedAfterDays !== null) throw new ServiceError("not_found", harDeletedReason(run.deletedAfterDays));
  return (await readGzipped(ctx, input.storage, runHarKey(input.runId))) ?? JSON.stringify(NO_HAR);
}

/**
 * GET /runs/{id}/trace: the caller's run's spans and each step's time split (model, browser, waiting).
 * A run that kept none (it ran before runs kept their trace) answers its steps' times with the split unknown (all waiting).
 */
export async function readRunTrace({ ctx, caller, input }: CallerVerbArgs<{ runId: string; storage: FileStorage }>): Promise<RunTrace> {
  requireScope(caller, "read");
  const run = await ownRun(ctx.db, caller, input.runId, { id: tasksRuns.id, status: tasksRuns.status, createdAt: tasksRuns.createdAt });
  const kept = await readGzipped(ctx, input.storage, runTraceKey(input.runId));
  if (kept) return JSON.parse(kept) as RunTrace;
  return traceFromSteps(ctx, run);
}

async function traceFromSteps(ctx: ServiceContext, run: { id: string; status: string; createdAt: Date }): Promise<RunTrace> {
  const rows = await ctx.db
    .select({ number: steps.number, durationMs: steps.durationMs })
    .from(steps)
    .where(eq(steps.taskRunId, run.id))
    .orderBy(asc(steps.number));
  let at = 0;
  const timed = rows.map((row) => {
    const duration = row.durationMs ?? 0;
    const step = { number: row.number, start_ms: at, duration_ms: duration, model_ms: 0, browser_ms: 0, waiting_ms: duration };
    at += duration;
    return step;
  });
  return {
    run_id: run.id,
    trace_id: null,
    started_at: run.createdAt.toISOString(),
    duration_ms: at,
    status: run.status,
    spans: [{ span_id: "run", parent_span_id: null, name: "run", start_ms: 0, duration_ms: at, attributes: { "errand.run.id": run.id } }],
    steps: timed,
  };
}

/** A gzip file of the run's folder as text, or null when it is not there. */
export async function readGzipped(ctx: ServiceContext, storage: FileStorage, key: string): Promise<string | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  try {
    return gunzipSync(stored.data).toString("utf8");
  } catch (error) {
    ctx.log.warn("a run's kept file could not be read", { key, error });
    return null;
  }
}
