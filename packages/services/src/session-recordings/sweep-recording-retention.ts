import { tasksRuns, workspaces } from "@errand/db";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { describeError } from "../logging/describe-error.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { runHarKey, sessionRecordingKey } from "../storage/storage-keys.ts";

/** Runs handled per query: a sweep that finds more goes on with the next batch. */
const SWEEP_BATCH = 200;

/**
 * The workspace's recording retention (docs/adr/0056-recording-retention.md): deletes the
 * session recording and HAR of every run that ended more than its workspace's
 * `recording_retention_days` ago, and marks the run with those days so its downloads say why
 * they are gone. The run, its steps, screenshots and trace stay. Files go first, the mark after:
 * a sweep cut short between them deletes nothing twice that matters, and the next one marks it.
 * Run hourly from pg-boss's cron and when a worker starts; one run's fault does not stop the others.
 */
export async function sweepRecordingRetention({ ctx, input }: VerbArgs<{ storage: FileStorage }>): Promise<{ deleted: number }> {
  let deleted = 0;
  for (;;) {
    const due = await ctx.db
      .select({ id: tasksRuns.id, days: workspaces.recordingRetentionDays })
      .from(tasksRuns)
      .innerJoin(workspaces, eq(workspaces.id, tasksRuns.workspaceId))
      .where(
        and(
          isNotNull(workspaces.recordingRetentionDays),
          isNull(tasksRuns.recordingDeletedAfterDays),
          // Created before the cutoff too: lets the workspace's runs-by-creation index narrow the scan.
          sql`${tasksRuns.createdAt} < now() - make_interval(days => ${workspaces.recordingRetentionDays})`,
          sql`${tasksRuns.finishedAt} < now() - make_interval(days => ${workspaces.recordingRetentionDays})`,
        ),
      )
      .limit(SWEEP_BATCH);
    let failed = false;
    for (const run of due) {
      try {
        await Promise.all([input.storage.remove(sessionRecordingKey(run.id)), input.storage.remove(runHarKey(run.id))]);
        await ctx.db
          .update(tasksRuns)
          .set({ recordingDeletedAfterDays: run.days })
          .where(and(eq(tasksRuns.id, run.id), isNull(tasksRuns.recordingDeletedAfterDays)));
        deleted += 1;
      } catch (error) {
        failed = true;
        ctx.log.error("a run's recording could not be deleted", { runId: run.id, error: describeError(error) });
      }
    }
    // A batch with a failure ends this sweep: the next one (an hour on) tries again, not this loop forever.
    if (due.length < SWEEP_BATCH || failed) break;
  }
  if (deleted > 0) ctx.log.info("recording retention deleted runs' recordings", { runs: deleted });
  return { deleted };
}
