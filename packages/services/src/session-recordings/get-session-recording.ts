import { tasksRuns } from "@errand/db";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ServiceError } from "../errors.ts";
import { ownRun } from "../runs/own-run.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { sessionRecordingKey } from "../storage/storage-keys.ts";

/**
 * A run's session recording as stored: gzipped JSON of the contract's SessionRecording
 * (docs/adr/0047-session-recordings.md). Not found says why there is none. Anyone who may read the run.
 */
export async function getSessionRecording({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ runId: string; storage: FileStorage }>): Promise<{ gzipped: Buffer }> {
  requireScope(caller, "read");
  const run = await ownRun(ctx.db, caller, input.runId, {
    status: tasksRuns.status,
    recording: tasksRuns.recording,
    deletedAfterDays: tasksRuns.recordingDeletedAfterDays,
  });
  // Deleted by the workspace's retention (docs/adr/0056-recording-retention.md): said so even if a file lingers.
  if (run.deletedAfterDays !== null) throw new ServiceError("not_found", recordingDeletedReason(run.deletedAfterDays));
  const stored = await input.storage.get(sessionRecordingKey(input.runId));
  if (stored) return { gzipped: stored.data };
  throw new ServiceError("not_found", noRecordingReason(run));
}

/** Why a run's recording is gone when the workspace's retention deleted it. */
export function recordingDeletedReason(days: number): string {
  const kept = `${days} ${days === 1 ? "day" : "days"}`;
  return `The recording was deleted ${kept} after the run ended: this workspace keeps recordings for ${kept}.`;
}

/** Why a run has no recording, in the words the run page shows under "No recording for this run". */
export function noRecordingReason(run: { status: string; recording: boolean | null }): string {
  if (run.recording === false) return "Recording was turned off for this run.";
  if (run.status === "pending") return "The recording is kept when the run ends.";
  return "This run has no recording: it ran before session recordings, with recording turned off on this server, or before its browser opened.";
}
