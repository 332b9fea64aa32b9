import { steps, tasksRuns } from "@errand/db";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { gunzipSync } from "node:zlib";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ServiceError } from "../errors.ts";
import { recordingDeletedReason } from "../session-recordings/get-session-recording.ts";
import { getRun } from "../runs/get-run.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { sessionRecordingKey } from "../storage/storage-keys.ts";
import { readRunHar, readRunTrace } from "./read-run-records.ts";
import { zipArchive, type ArchiveFile } from "./zip-archive.ts";

/**
 * GET /runs/{id}/bundle: one ZIP of everything the run kept (docs/adr/0051-run-har-trace-bundle.md):
 * run.json (status, result), steps.json, screenshots/<n>.<type>, network.har, trace.json and,
 * when the run has one, recording.json. When the workspace's retention deleted the recording and
 * HAR, deleted.txt says so in their place. Each part is what its own download answers, checked by
 * the same ownership and scope, so the bundle shows nothing they do not.
 */
export async function buildRunBundle(args: CallerVerbArgs<{ runId: string; storage: FileStorage }>): Promise<Buffer> {
  const { ctx, caller, input } = args;
  requireScope(caller, "read");
  const { run, steps: apiSteps } = await getRun({ ...args, input: { runId: input.runId } });
  const [har, trace, screenshots, recording] = await Promise.all([
    // Null when the workspace's retention deleted it (docs/adr/0056-recording-retention.md): the bundle says so instead.
    readRunHar(args).catch((error: unknown) => {
      if (error instanceof ServiceError && error.code === "not_found") return null;
      throw error;
    }),
    readRunTrace(args),
    stepScreenshots(args),
    input.storage.get(sessionRecordingKey(input.runId)),
  ]);
  const files: ArchiveFile[] = [
    { name: "run.json", data: json(run) },
    { name: "steps.json", data: json(apiSteps) },
    ...screenshots,
    ...(har === null ? [] : [{ name: "network.har", data: Buffer.from(har) }]),
    { name: "trace.json", data: json(trace) },
  ];
  const deletedAfterDays = await recordingDeletedAfterDays(args);
  if (deletedAfterDays !== null) files.push({ name: "deleted.txt", data: Buffer.from(`${recordingDeletedReason(deletedAfterDays)}\n`) });
  else if (recording) files.push({ name: "recording.json", data: gunzipSync(recording.data) });
  ctx.log.info("run bundle built", { runId: input.runId, files: files.length });
  return zipArchive(files);
}

/** The days after which the workspace's retention deleted the run's recording and HAR; null: not deleted. */
async function recordingDeletedAfterDays({ ctx, input }: CallerVerbArgs<{ runId: string }>): Promise<number | null> {
  const [row] = await ctx.db.select({ days: tasksRuns.recordingDeletedAfterDays }).from(tasksRuns).where(eq(tasksRuns.id, input.runId));
  return row?.days ?? null;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2));

/** The steps' screenshots as they were stored, named by step number; one missing from storage is left out. */
async function stepScreenshots({ ctx, input }: CallerVerbArgs<{ runId: string; storage: FileStorage }>): Promise<ArchiveFile[]> {
  const rows = await ctx.db
    .select({ number: steps.number, key: steps.screenshotKey })
    .from(steps)
    .where(and(eq(steps.taskRunId, input.runId), isNotNull(steps.screenshotKey)))
    .orderBy(asc(steps.number));
  const files = await Promise.all(
    rows.map(async (row) => {
      const stored = await input.storage.get(row.key!);
      return stored ? { name: `screenshots/${row.number}.${row.key!.split(".").pop()}`, data: stored.data } : null;
    }),
  );
  return files.filter((file) => file !== null);
}
