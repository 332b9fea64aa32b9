import { tasksRuns } from "@errand/db";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { finishRun } from "./finish-run.ts";

/** Heartbeats come every few seconds; this much silence means the worker is gone. */
export const STALE_AFTER_MS = 30_000;
/** A run never claimed for this long was lost before it reached a worker. */
export const UNCLAIMED_AFTER_MS = 30 * 60_000;

/**
 * Ends runs whose worker died (killed process, lost machine) as `error` with a reason, so no
 * run is left pending; kind `interrupted` is retried when its task's policy names it. Safe to run from every process at once: finishing is exactly-once.
 * `staleAfterMs` (STALE_RUN_SECONDS) must stay well above the workers' heartbeat interval.
 */
export async function failStaleRuns({ ctx, input }: VerbArgs<{ now?: Date; staleAfterMs?: number }>) {
  const now = input.now ?? new Date();
  const staleAfterMs = input.staleAfterMs ?? STALE_AFTER_MS;
  const stale = await ctx.db
    .select({ id: tasksRuns.id, startedAt: tasksRuns.startedAt })
    .from(tasksRuns)
    .where(
      and(
        eq(tasksRuns.status, "pending"),
        or(
          and(isNotNull(tasksRuns.startedAt), lt(tasksRuns.heartbeatAt, new Date(now.getTime() - staleAfterMs))),
          and(isNull(tasksRuns.startedAt), lt(tasksRuns.createdAt, new Date(now.getTime() - UNCLAIMED_AFTER_MS))),
        ),
      ),
    )
    .limit(100);
  const ended: string[] = [];
  for (const run of stale) {
    const reason = run.startedAt
      ? "The worker running this task stopped responding (it may have crashed or been shut down). It is retried only when its task asks for it, because a task may have side effects."
      : "No worker picked up this run in time. Please try again.";
    // A worker that stopped mid-run interrupted it; a run no worker took was lost by our queue.
    const failureKind = run.startedAt ? "interrupted" : "internal";
    if (await finishRun({ ctx, input: { runId: run.id, status: "error", reason, failureKind } })) ended.push(run.id);
  }
  return ended;
}
