import { creditLedger, steps, tasks, tasksRuns, type Db } from "@errand/db";
import { eq, inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createTestAccount, readBalance, serviceTest as it, testCaller, testFileStorage } from "../testing.ts";
import { claimRun, createRunForTask, createTaskWithRun, finishRun, heartbeatRun, recordStep } from "../runs/index.ts";
import { stepScreenshotKey } from "../storage/index.ts";
import { createRunEventListener, type RunEvent, type RunEventListener } from "../events/index.ts";
import { deleteTask } from "./index.ts";
import type { ServiceContext } from "../index.ts";

let db: Db;
let ctx: ServiceContext;
let events: RunEventListener;
const storage = testFileStorage("delete-task", "delete-task-test-secret-0123456789");

it.beforeAll(async ({ database, ctx: fileCtx }) => {
  ({ db } = database);
  ctx = fileCtx;
  events = await createRunEventListener(database.url, ctx.log);
});
it.afterAll(() => events.close());

/** A step with a screenshot file, as the worker records it. */
async function stepWithScreenshot(runId: string, number: number) {
  const key = stepScreenshotKey(runId, number, "png");
  await storage.put(key, Buffer.from("png"), "image/png");
  await recordStep({
    ctx,
    input: {
      runId,
      number,
      url: null,
      action: null,
      extractedContent: null,
      success: true,
      error: null,
      durationMs: 1,
      inputTokens: 1,
      outputTokens: 1,
      screenshotKey: key,
    },
  });
  return key;
}

describe("deleting a task", () => {
  it("deletes the task with its runs, steps and screenshot files, and keeps what they were charged", async () => {
    const user = await createTestAccount(ctx);
    const { task, run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "old errand" } } });
    await claimRun({ ctx, input: { runId: run.id } });
    const key = await stepWithScreenshot(run.id, 1);
    await finishRun({ ctx, input: { runId: run.id, status: "success", result: "done", executionTime: 2 } });
    const second = await createRunForTask({
      ctx,
      caller: testCaller(user.id),
      input: { taskId: task.id, settings: { prompt: "old errand" } },
    });
    await finishRun({ ctx, input: { runId: second.id, status: "cancelled" } });
    const other = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "keep me" } } });

    expect(await deleteTask({ ctx, caller: testCaller(user.id), input: { taskId: task.id, storage } })).toEqual({ runs: 2, cancelled: 0 });

    expect(await db.select().from(tasks).where(eq(tasks.id, task.id))).toEqual([]);
    expect(await db.select().from(tasksRuns).where(eq(tasksRuns.taskId, task.id))).toEqual([]);
    expect(await db.select().from(steps).where(eq(steps.taskRunId, run.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(creditLedger)
        .where(inArray(creditLedger.runId, [run.id, second.id])),
    ).toEqual([]);
    // The money history stays: the charges remain, no longer tied to a run, with what the run used.
    const charges = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(charges.filter((row) => row.kind === "free_prompt")).toMatchObject([{ runId: null, executionSeconds: 2, freePromptsDelta: -1 }]);
    expect(await storage.get(key)).toBeNull();
    // Only that task: the user's other task is untouched.
    expect(await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, other.task.id))).toHaveLength(1);
  });

  it("cancels a running run first: its hold is released and its worker is told to stop", async () => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 10_000 });
    const { task, run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "long errand" } } });
    const waiting = await createRunForTask({
      ctx,
      caller: testCaller(user.id),
      input: { taskId: task.id, settings: { prompt: "long errand" } },
    });
    await claimRun({ ctx, input: { runId: run.id } });
    const held = await readBalance(db, user.id);
    expect(held.heldCredits).toBeGreaterThan(0);

    const heard: RunEvent[] = [];
    const unsubscribe = events.subscribeAll((event) => heard.push(event));
    try {
      expect(await deleteTask({ ctx, caller: testCaller(user.id), input: { taskId: task.id, storage } })).toEqual({
        runs: 2,
        cancelled: 2,
      });
      await expect
        .poll(() =>
          heard
            .filter((e) => e.type === "status" && e.status === "cancelled")
            .map((e) => e.runId)
            .sort(),
        )
        .toEqual([run.id, waiting.id].sort());
    } finally {
      unsubscribe();
    }
    // Nothing stays held by runs that no longer exist; the started run paid its seconds, as a cancel does.
    const after = await readBalance(db, user.id);
    expect(after.heldCredits).toBe(0);
    expect(after.heldFreePrompts).toBe(0);
    expect(after.credits).toBeLessThanOrEqual(10_000);
    // The worker's next heartbeat fails: it aborts the agent.
    expect(await heartbeatRun({ ctx, input: { runId: run.id } })).toBe(false);
    // The account can create runs again up to its limit: the deleted ones no longer count.
    await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "next" } } });
  });

  it("answers not found for another user's task and deletes nothing", async () => {
    const owner = await createTestAccount(ctx);
    const stranger = await createTestAccount(ctx);
    const { task, run } = await createTaskWithRun({ ctx, caller: testCaller(owner.id), input: { settings: { prompt: "mine" } } });
    await expect(deleteTask({ ctx, caller: testCaller(stranger.id), input: { taskId: task.id, storage } })).rejects.toMatchObject({
      code: "not_found",
    });
    const [kept] = await db.select({ status: tasksRuns.status }).from(tasksRuns).where(eq(tasksRuns.id, run.id));
    expect(kept?.status).toBe("pending");
    expect((await readBalance(db, owner.id)).heldFreePrompts).toBe(1);
  });
});
