import { gzipSync } from "node:zlib";
import { tasksRuns } from "@errand/db";
import { RECORDING_RETENTION_QUEUE } from "@errand/services/queue";
import { createTaskWithRun } from "@errand/services/runs";
import { getSessionRecording } from "@errand/services/session-recordings";
import { runHarKey, runTraceKey, sessionRecordingKey } from "@errand/services/storage";
import { testCaller } from "@errand/services/testing";
import { renameWorkspace } from "@errand/services/workspaces";
import { pollFor } from "@errand/testkit/testing";
import { eq, sql } from "drizzle-orm";
import { expect, vi } from "vitest";
import { workerTest } from "./testing/test-worker.ts";

// The worker deletes what a workspace's recording retention no longer keeps
// (docs/adr/0056-recording-retention.md) when the retention queue's job comes, as the hourly cron sends it.
vi.setConfig({ testTimeout: 90_000 });
const it = workerTest;

it("takes the retention job and deletes an old run's recording and HAR, keeping the run and its trace", async ({ worker, boss }) => {
  const { ctx, storage } = worker;
  worker.model.setResponder(() => ({ toolCalls: [{ name: "done", arguments: { success: true, text: "Done." } }] }));
  const user = await worker.newUser();
  const caller = testCaller(user.id);
  const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "Say you are done" } } });
  await worker.waitForEnd(user.id, run.id);
  for (const key of [sessionRecordingKey(run.id), runHarKey(run.id), runTraceKey(run.id)])
    await storage.put(key, gzipSync("{}"), "application/gzip");
  await renameWorkspace({ ctx, caller, input: { workspaceId: user.id, recordingRetentionDays: 7 } });
  await ctx.db
    .update(tasksRuns)
    .set({ createdAt: sql`now() - interval '8 days 1 hour'`, finishedAt: sql`now() - interval '8 days'` })
    .where(eq(tasksRuns.id, run.id));

  await boss.send(RECORDING_RETENTION_QUEUE, {});
  const deletedAfter = async () =>
    (await ctx.db.select({ days: tasksRuns.recordingDeletedAfterDays }).from(tasksRuns).where(eq(tasksRuns.id, run.id)))[0]?.days;
  await pollFor(deletedAfter, { timeout: 30_000, interval: 200, message: "the run was never marked as its recording deleted" });
  expect(await storage.get(sessionRecordingKey(run.id))).toBeNull();
  await expect(getSessionRecording({ ctx, caller, input: { runId: run.id, storage } })).rejects.toMatchObject({
    code: "not_found",
    message: "The recording was deleted 7 days after the run ended: this workspace keeps recordings for 7 days.",
  });
  expect(await storage.get(runHarKey(run.id))).toBeNull();
  expect(await storage.get(runTraceKey(run.id))).not.toBeNull();
  const [kept] = await ctx.db.select({ status: tasksRuns.status }).from(tasksRuns).where(eq(tasksRuns.id, run.id));
  expect(kept).toEqual({ status: "success" });
});
