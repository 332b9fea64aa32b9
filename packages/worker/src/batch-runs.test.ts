import { batchRows, tasks, tasksRuns } from "@errand/db";
import { createBatch, getBatch } from "@errand/services/batches";
import { giveCredits, testCaller } from "@errand/services/testing";
import { pollFor } from "@errand/testkit/testing";
import { and, eq, isNull } from "drizzle-orm";
import { expect, vi } from "vitest";
import { startWorkerOn, workerTest as it } from "./testing/test-worker.ts";

// A hundred runs through the real worker, Chromium and pg-boss on a busy 2-core machine.
vi.setConfig({ testTimeout: 600_000 });

it("finishes a 100-row batch at concurrency 4 with every row accounted for, across a worker stopped mid-batch", async ({
  worker,
  database,
  boss,
  ctx,
}) => {
  worker.model.setResponder(() => ({ toolCalls: [{ name: "done", arguments: { success: true, text: "ok" } }] }));
  const user = await worker.newUser();
  await giveCredits(ctx.db, user.id, 100_000_000);
  const caller = testCaller(user.id);
  const [task] = await ctx.db
    .insert(tasks)
    .values({ userId: user.id, workspaceId: user.id, prompt: "Say ok for order {{order}}", alwaysUseAgent: true, sessionTimeout: 60 })
    .returning();
  const rows = Array.from({ length: 100 }, (_, i) => ({ order: `A-${i + 1}` }));
  const batch = await createBatch({ ctx, caller, input: { taskId: task!.id, batch: { rows, concurrency: 4 } } });
  const progress = () => getBatch({ ctx, caller, input: { batchId: batch.id } });
  const ended = (b: Awaited<ReturnType<typeof progress>>) => b.total_rows - b.counts.waiting - b.counts.running;

  await pollFor(progress, (b) => ended(b) >= 10, { timeout: 300_000, interval: 200, message: "10 rows never ended" });
  // Stopped without grace: the runs it had taken end as error, and their rows with them.
  await worker.worker.stop(0);
  const second = await startWorkerOn({ database, boss, ctx }, {});
  try {
    second.model.setResponder(() => ({ toolCalls: [{ name: "done", arguments: { success: true, text: "ok" } }] }));
    const done = await pollFor(progress, (b) => b.status === "finished", {
      timeout: 500_000,
      interval: 500,
      message: "the batch never finished",
    });
    expect(done.counts.waiting + done.counts.running).toBe(0);
    expect(done.counts.success + done.counts.error).toBe(100);
  } finally {
    await second.close();
  }
  // One run per row, each row's own: nothing started twice, nothing lost.
  const runs = await ctx.db.select({ id: tasksRuns.id, status: tasksRuns.status }).from(tasksRuns).where(eq(tasksRuns.batchId, batch.id));
  expect(runs).toHaveLength(100);
  expect(runs.every((r) => r.status !== "pending")).toBe(true);
  const unlinked = await ctx.db
    .select()
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batch.id), isNull(batchRows.runId)));
  expect(unlinked).toEqual([]);
});
