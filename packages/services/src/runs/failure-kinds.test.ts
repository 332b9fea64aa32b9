import { usageQuerySchema } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { getUsage, getUsageCsv } from "../billing/index.ts";
import { createMetrics } from "../metrics/index.ts";
import { deleteTask } from "../tasks/index.ts";
import { createTestAccount, serviceTest as it, testCaller } from "../testing.ts";
import type { ServiceContext } from "../index.ts";
import {
  claimRun,
  createTaskWithRun,
  failRunVerification,
  failStaleRuns,
  finishRun,
  getRun,
  listRecentRuns,
  listTaskRuns,
} from "./index.ts";

// The failure kinds services set themselves (docs/adr/0042-failure-kinds.md), and the run lists
// filtered by kind. The kinds the agent and the worker set are produced end to end in
// packages/worker/src/failure-kinds.test.ts.

async function startedRun(ctx: ServiceContext, userId: string, prompt = "p") {
  const { run, task } = await createTaskWithRun({ ctx, caller: testCaller(userId), input: { settings: { prompt } } });
  await claimRun({ ctx, input: { runId: run.id } });
  return { run, task };
}
const apiRun = async (ctx: ServiceContext, userId: string, runId: string) =>
  (await getRun({ ctx, caller: testCaller(userId), input: { runId, withSteps: false } })).run;

describe("failure kinds set by services", () => {
  it("a run whose worker went silent was interrupted; one no worker took is ours (internal)", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx);
    const { run: silent } = await startedRun(ctx, user.id);
    await db
      .update(tasksRuns)
      .set({ heartbeatAt: new Date(Date.now() - 60_000) })
      .where(eq(tasksRuns.id, silent.id));
    const { run: lost } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "p" } } });
    await db
      .update(tasksRuns)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(tasksRuns.id, lost.id));
    await failStaleRuns({ ctx, input: {} });
    expect((await apiRun(ctx, user.id, silent.id)).failure).toMatchObject({
      kind: "interrupted",
      message: expect.stringMatching(/stopped responding/),
    });
    expect((await apiRun(ctx, user.id, lost.id)).failure).toMatchObject({
      kind: "internal",
      message: expect.stringMatching(/No worker picked up/),
    });
  });

  it("failRunVerification ends a run as failed with verification_failed, its answer kept, once", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    const { run } = await startedRun(ctx, user.id);
    const message = "The answer failed its checks: price must be a number.";
    const ended = await failRunVerification({ ctx, input: { runId: run.id, message, result: '{"price":"twelve"}' } });
    expect(ended).toMatchObject({ status: "failed", failureKind: "verification_failed", result: '{"price":"twelve"}' });
    expect((await apiRun(ctx, user.id, run.id)).failure).toEqual({ kind: "verification_failed", message });
    expect(await failRunVerification({ ctx, input: { runId: run.id, message: "again" } })).toBeNull();
  });

  it("a run ended without a kind is internal (cancelled when cancelled); a success has none", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    const runs = await Promise.all([1, 2, 3].map(() => startedRun(ctx, user.id)));
    await finishRun({ ctx, input: { runId: runs[0]!.run.id, status: "error", reason: "Something broke." } });
    await finishRun({ ctx, input: { runId: runs[1]!.run.id, status: "cancelled", reason: "Stopped." } });
    await finishRun({ ctx, input: { runId: runs[2]!.run.id, status: "success", result: "ok", failureKind: "time_limit" } });
    expect((await apiRun(ctx, user.id, runs[0]!.run.id)).failure).toEqual({ kind: "internal", message: "Something broke." });
    expect((await apiRun(ctx, user.id, runs[1]!.run.id)).failure).toEqual({ kind: "cancelled", message: "Stopped." });
    expect((await apiRun(ctx, user.id, runs[2]!.run.id)).failure).toBeNull();
  });

  it("counts each run that did not succeed under its kind in errand_runs_failed_total", async ({ ctx }) => {
    const metrics = createMetrics();
    const counted: ServiceContext = { ...ctx, metrics };
    const user = await createTestAccount(ctx);
    const runs = await Promise.all([1, 2, 3].map(() => startedRun(ctx, user.id)));
    await finishRun({ ctx: counted, input: { runId: runs[0]!.run.id, status: "failed", reason: "r", failureKind: "time_limit" } });
    await finishRun({ ctx: counted, input: { runId: runs[1]!.run.id, status: "failed", reason: "r", failureKind: "time_limit" } });
    await finishRun({ ctx: counted, input: { runId: runs[2]!.run.id, status: "success", result: "ok" } });
    const text = metrics.registry.render();
    expect(text).toContain('errand_runs_failed_total{kind="time_limit"} 2');
    // Every kind is there from the start, at 0.
    expect(text).toContain('errand_runs_failed_total{kind="navigation_blocked"} 0');
  });
});

describe("run lists filtered by failure kind", () => {
  it("GET /runs and a task's runs keep only the kinds asked for; without a filter, all", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    const caller = testCaller(user.id);
    const blocked = await startedRun(ctx, user.id, "blocked");
    const late = await startedRun(ctx, user.id, "late");
    const fine = await startedRun(ctx, user.id, "fine");
    await finishRun({ ctx, input: { runId: blocked.run.id, status: "failed", reason: "r", failureKind: "navigation_blocked" } });
    await finishRun({ ctx, input: { runId: late.run.id, status: "failed", reason: "r", failureKind: "time_limit" } });
    await finishRun({ ctx, input: { runId: fine.run.id, status: "success", result: "ok" } });

    const recent = (failureKinds?: ("navigation_blocked" | "time_limit" | "login_required")[]) =>
      listRecentRuns({ ctx, caller, input: { limit: 50, failureKinds } }).then((r) => r.runs.map((x) => [x.prompt, x.failure_kind]));
    expect(await recent(["navigation_blocked"])).toEqual([["blocked", "navigation_blocked"]]);
    expect(await recent(["navigation_blocked", "time_limit"])).toEqual([
      ["late", "time_limit"],
      ["blocked", "navigation_blocked"],
    ]);
    expect(await recent(["login_required"])).toEqual([]);
    expect(await recent()).toEqual([
      ["fine", null],
      ["late", "time_limit"],
      ["blocked", "navigation_blocked"],
    ]);

    const taskRuns = (taskId: string, failureKinds: ("navigation_blocked" | "time_limit")[]) =>
      listTaskRuns({ ctx, caller, input: { taskId, failureKinds } }).then((runs) => runs.map((r) => r.id));
    expect(await taskRuns(blocked.task.id, ["navigation_blocked"])).toEqual([blocked.run.id]);
    expect(await taskRuns(blocked.task.id, ["time_limit"])).toEqual([]);
  });
});

describe("usage by failure kind", () => {
  it("GET /usage?group_by=failure_kind sums the charged runs per kind, succeeded ones as one group, a deleted task's runs kept", async ({
    ctx,
  }) => {
    const user = await createTestAccount(ctx);
    const caller = testCaller(user.id);
    const [late, later, fine] = await Promise.all([1, 2, 3].map(() => startedRun(ctx, user.id)));
    await finishRun({ ctx, input: { runId: late!.run.id, status: "failed", reason: "r", failureKind: "time_limit", executionTime: 30 } });
    await finishRun({ ctx, input: { runId: later!.run.id, status: "failed", reason: "r", failureKind: "time_limit", executionTime: 30 } });
    await finishRun({ ctx, input: { runId: fine!.run.id, status: "success", result: "ok", executionTime: 10 } });
    await deleteTask({ ctx, caller, input: { taskId: later!.task.id } });

    const usage = await getUsage({ ctx, caller, input: usageQuerySchema.parse({ group_by: "failure_kind" }) });
    expect(usage.groups?.map((g) => [g.id, g.name, g.runs, g.execution_time])).toEqual([
      ["time_limit", "Time limit reached", 2, 60],
      [null, "Succeeded", 1, 10],
    ]);
    const csv = await getUsageCsv({ ctx, caller, input: usageQuerySchema.parse({ group_by: "failure_kind", format: "csv" }) });
    expect(csv.csv.split("\r\n").slice(0, 2)).toEqual([
      "failure_kind,label,runs,free_prompts,execution_seconds,charged_usd,model_spend_usd,input_tokens,output_tokens",
      expect.stringMatching(/^time_limit,Time limit reached,2,/),
    ]);
  });
});
