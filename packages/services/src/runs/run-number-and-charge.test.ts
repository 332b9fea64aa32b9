import { tasksRuns } from "@errand/db";
import { inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createTestAccount, serviceTest as it, testCaller } from "../testing.ts";
import { cancelRun, claimRun, createRunForTask, createTaskWithRun, finishRun, getRun, listTaskRuns } from "./index.ts";
import { prepareWebhook } from "../webhooks/index.ts";
import type { ServiceContext } from "../index.ts";

const newTask = async (ctx: ServiceContext, userId: string, settings: Record<string, unknown> = {}) =>
  (await createTaskWithRun({ ctx, caller: testCaller(userId), input: { settings: { prompt: "p", ...settings } } })).run;
const rerun = (ctx: ServiceContext, userId: string, taskId: string) =>
  createRunForTask({ ctx, caller: testCaller(userId), input: { taskId, settings: { prompt: "p" } } });
const shown = async (ctx: ServiceContext, userId: string, runId: string) =>
  (await getRun({ ctx, caller: testCaller(userId), input: { runId, withSteps: false } })).run;

describe("run numbers", () => {
  it("numbers a task's runs #1, #2, #3 in the order they were created, each task on its own", async ({ ctx }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 1_000_000 });
    const first = await newTask(ctx, user.id);
    const second = await rerun(ctx, user.id, first.taskId);
    const third = await rerun(ctx, user.id, first.taskId);
    const other = await newTask(ctx, user.id);

    const list = await listTaskRuns({ ctx, caller: testCaller(user.id), input: { taskId: first.taskId } });
    expect(list.map((run) => [run.id, run.number])).toEqual([
      [third.id, 3],
      [second.id, 2],
      [first.id, 1],
    ]);
    expect((await shown(ctx, user.id, second.id)).number).toBe(2);
    expect((await shown(ctx, user.id, other.id)).number).toBe(1);
    // Only the newest runs are listed; their numbers still count the older ones.
    expect((await listTaskRuns({ ctx, caller: testCaller(user.id), input: { taskId: first.taskId, limit: 1 } }))[0]).toMatchObject({
      id: third.id,
      number: 3,
    });
  });

  it("gives runs created in the same instant distinct numbers, in the list's order", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 1_000_000 });
    const first = await newTask(ctx, user.id);
    const others = [await rerun(ctx, user.id, first.taskId), await rerun(ctx, user.id, first.taskId)];
    const instant = new Date("2026-03-04T14:05:07.000Z");
    await db
      .update(tasksRuns)
      .set({ createdAt: instant })
      .where(inArray(tasksRuns.id, [first.id, ...others.map((run) => run.id)]));

    const list = await listTaskRuns({ ctx, caller: testCaller(user.id), input: { taskId: first.taskId } });
    expect(list.map((run) => run.number)).toEqual([3, 2, 1]);
    for (const run of list) expect((await shown(ctx, user.id, run.id)).number).toBe(run.number);
  });
});

describe("what a run was charged", () => {
  async function finished(ctx: ServiceContext, userId: string, status: "success" | "failed" | "error", executionTime: number) {
    const run = await newTask(ctx, userId);
    await claimRun({ ctx, input: { runId: run.id } });
    await finishRun({ ctx, input: { runId: run.id, status, executionTime, inputTokens: 1_200, outputTokens: 80 } });
    return shown(ctx, userId, run.id);
  }

  it("is unknown while the run is pending", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    const run = await newTask(ctx, user.id);
    expect(await shown(ctx, user.id, run.id)).toMatchObject({ status: "pending", charge: null });
  });

  it("is a free prompt first, then seconds x $0.0023 in credits, with the run's time and tokens", async ({ ctx }) => {
    const user = await createTestAccount(ctx, { freePrompts: 1, credits: 10_000 });
    expect(await finished(ctx, user.id, "success", 12.5)).toMatchObject({
      charge: { kind: "free_prompt", credits: 0 },
      execution_time: 12.5,
      input_tokens: 1_200,
      output_tokens: 80,
    });
    expect(await finished(ctx, user.id, "failed", 10)).toMatchObject({ charge: { kind: "credits", credits: 230 }, cost: 230 });
  });

  it("is nothing for a run that ended through our fault or was cancelled before it started", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    expect((await finished(ctx, user.id, "error", 20)).charge).toEqual({ kind: "none", credits: 0 });
    const waiting = await newTask(ctx, user.id);
    expect((await cancelRun({ ctx, caller: testCaller(user.id), input: { runId: waiting.id } })).charge).toEqual({
      kind: "none",
      credits: 0,
    });
  });

  it("travels in the webhook's body with the run's number", async ({ ctx }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 10_000 });
    const run = await newTask(ctx, user.id, { webhook_url: "https://hooks.example/errand" });
    await claimRun({ ctx, input: { runId: run.id } });
    await finishRun({ ctx, input: { runId: run.id, status: "success", executionTime: 3 } });
    const request = await prepareWebhook({
      ctx,
      input: { runId: run.id, deliveryId: crypto.randomUUID(), url: "https://hooks.example/errand" },
    });
    expect(JSON.parse(request!.body).run).toMatchObject({ id: run.id, number: 1, charge: { kind: "credits", credits: 69 } });
  });
});
