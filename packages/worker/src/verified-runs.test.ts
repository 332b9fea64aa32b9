import { cancelRun, createTaskWithRun, failStaleRuns, finishRun, getRun } from "@errand/services/runs";
import { startRetry, sweepRetries } from "@errand/services/verification";
import type { ServiceContext } from "@errand/services";
import { testCaller } from "@errand/services/testing";
import { tasks, tasksRuns } from "@errand/db";
import { createBatch, getBatch, listBatchRows } from "@errand/services/batches";
import { isJudgeRequest, judgeTurn, withJudge, type ChatRequest, type FakeTurn } from "@errand/testkit";
import { pollFor } from "@errand/testkit/testing";
import { asc, eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import { startWorkerOn, workerTest, type TestWorker } from "./testing/test-worker.ts";

// Verified results (docs/adr/0043-verified-results.md) on the real queue: a run's answer is
// checked, and judged by the fake model playing the judge, before the run ends; the judge's
// tokens count as the run's; a failed verdict fails the run and its task's policy retries it.

vi.setConfig({ testTimeout: 90_000 });
/** Billing off: the model spend at MODEL_PRICES is what the judge's tokens are seen charged in ($1,000 per million input tokens). */
const it = workerTest.extend(
  "contextConfig",
  { scope: "file" },
  { billingEnabled: false, modelPrices: { "gpt-4.1": { input: 1000, output: 0 } } },
);

const ANSWER = { title: "Fixture News", items: ["one", "two", "three"], points: 42 };
const AGENT_USAGE = { prompt_tokens: 1000, completion_tokens: 10 };
const JUDGE_USAGE = { prompt_tokens: 300, completion_tokens: 20 };

/** The agent answers at once on the start page; the judge answers as `judge` says. */
function answerAndJudge(worker: TestWorker, judge: (req: ChatRequest) => FakeTurn, answer: unknown = ANSWER, usage = AGENT_USAGE) {
  worker.model.setResponder(withJudge(() => ({ toolCalls: [{ name: "done", arguments: { success: true, data: answer } }], usage }), judge));
}

const settings = (worker: TestWorker, checks: unknown, extra: Record<string, unknown> = {}) => ({
  prompt: "Read the front page's heading, its first three items and the points",
  response_format: "json" as const,
  json_schema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
  initial_url: `${worker.sites.url}/news`,
  checks,
  ...extra,
});

async function runToEnd(worker: TestWorker, checks: unknown, extra: Record<string, unknown> = {}) {
  const user = await worker.newUser();
  const caller = testCaller(user.id);
  const { run } = await createTaskWithRun({ ctx: worker.ctx, caller, input: { settings: settings(worker, checks, extra) } });
  const ended = await worker.waitForEnd(user.id, run.id);
  return { ...ended, user, caller };
}

describe("a run with checks", () => {
  it("passes each kind of check, and the judge, and is a success with their results", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("pass", ["The heading is the page's."], JUDGE_USAGE));
    const { run } = await runToEnd(worker, {
      assertions: [
        { kind: "field_present", path: "title" },
        { kind: "pattern", path: "title", pattern: "^Fixture \\w+$" },
        { kind: "range", path: "points", min: 10, max: 50 },
        { kind: "min_items", path: "items", n: 3 },
        { kind: "on_page", path: "title" },
      ],
      judge: { instructions: "The title must be the page's heading." },
    });
    expect(run.status).toBe("success");
    expect(run.verification).toEqual({
      verdict: "pass",
      checks: [
        { kind: "schema", passed: true, message: "the answer fits the JSON schema" },
        { kind: "field_present", path: "title", passed: true, message: "title is present" },
        { kind: "pattern", path: "title", passed: true, message: 'title "Fixture News" matches /^Fixture \\w+$/' },
        { kind: "range", path: "points", passed: true, message: "points is 42, within 10..50" },
        { kind: "min_items", path: "items", passed: true, message: "items has 3 items, at least 3 wanted" },
        { kind: "on_page", path: "title", passed: true, message: 'title "Fixture News" is on the last page' },
      ],
      judge: { verdict: "pass", reasons: ["The heading is the page's."], tokens: { input: 300, output: 20 } },
    });
  });

  it("charges the judge's tokens as the run's: in its tokens and its model spend", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("pass", ["Fine."], JUDGE_USAGE));
    const { run } = await runToEnd(worker, { assertions: [], judge: { instructions: "Check the title." } });
    expect(run).toMatchObject({ status: "success", input_tokens: 1300, output_tokens: 30 });
    // 1,300 input tokens at $1,000 per million: $1.30, in credit units.
    expect(run.model_cost).toBe(13_000);
  });

  it("does not ask the judge of a run already at its cost limit: unsure, saying why", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("pass", [], JUDGE_USAGE), ANSWER, { prompt_tokens: 3000, completion_tokens: 10 });
    const judgedBefore = worker.model.chatRequests().filter(isJudgeRequest).length;
    // The agent's 3,000 input tokens cost $3.00: the run's whole limit (its first prompt, estimated before the call, fits in it).
    const { run } = await runToEnd(worker, { assertions: [], judge: { instructions: "Check." } }, { max_cost_usd: 3 });
    expect(run).toMatchObject({ status: "success", input_tokens: 3000, model_cost: 30_000 });
    expect(run.verification).toEqual({
      verdict: "unsure",
      checks: [{ kind: "schema", passed: true, message: "the answer fits the JSON schema" }],
      judge: {
        verdict: "unsure",
        reasons: ["The judge was not asked: Stopped: reached its cost limit of $3.00"],
        tokens: { input: 0, output: 0 },
      },
    });
    expect(worker.model.chatRequests().filter(isJudgeRequest)).toHaveLength(judgedBefore);
  });

  it("does not ask the judge when what is left under the cost limit cannot cover the judge's prompt", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("pass", [], JUDGE_USAGE), ANSWER, { prompt_tokens: 3000, completion_tokens: 10 });
    const judgedBefore = worker.model.chatRequests().filter(isJudgeRequest).length;
    // $3.00 spent of $3.05: the $0.05 left pays for 50 tokens, and the judge's prompt holds far more.
    const { run } = await runToEnd(worker, { assertions: [], judge: { instructions: "Check." } }, { max_cost_usd: 3.05 });
    expect(run).toMatchObject({ status: "success", input_tokens: 3000 });
    expect(run.verification?.judge).toEqual({
      verdict: "unsure",
      reasons: ["The judge was not asked: Stopped: reached its cost limit of $3.05"],
      tokens: { input: 0, output: 0 },
    });
    expect(worker.model.chatRequests().filter(isJudgeRequest)).toHaveLength(judgedBefore);
  });

  it("shows the judge the task, its instructions, the answer and the last page", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("pass", ["Fine."]));
    await runToEnd(worker, { assertions: [], judge: { instructions: "The title must be the heading." } });
    const judged = worker.model.chatRequests().filter(isJudgeRequest).at(-1)!;
    const told = judged.messages.map((m) => m.text).join("\n");
    expect(told).toContain("Read the front page's heading");
    expect(told).toContain("The title must be the heading.");
    expect(told).toContain('"title":"Fixture News"');
    // The last page's text: an item of the front page.
    expect(told).toContain("Fixture News");
    expect(told).toMatch(/Step 1: http:\/\/127\.0\.0\.1:\d+\/news/);
  });

  it("fails the run when a check fails, saying which, and keeps the answer", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("pass", []), { ...ANSWER, title: "Not On This Page" });
    const { run } = await runToEnd(worker, {
      assertions: [
        { kind: "on_page", path: "title" },
        { kind: "range", path: "points", max: 10 },
      ],
    });
    expect(run.status).toBe("failed");
    expect(run.status_reason).toBe(
      'The answer failed its checks: "Not On This Page" from title is not on the last page; points is 42, outside -∞..10.',
    );
    expect(run.verification?.verdict).toBe("fail");
    expect(run.verification?.checks.map((c) => c.passed)).toEqual([true, false, false]);
    expect(JSON.parse(run.result!)).toMatchObject({ title: "Not On This Page" });
  });

  it("fails the run when the judge says fail, with its reasons", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("fail", ["The points are the second item's."]));
    const { run } = await runToEnd(worker, { assertions: [], judge: { instructions: "Points of the first item." } });
    expect(run).toMatchObject({ status: "failed", status_reason: "The answer failed its checks: The points are the second item's." });
    expect(run.verification).toMatchObject({ verdict: "fail", judge: { verdict: "fail", reasons: ["The points are the second item's."] } });
  });

  it("stays a success when the judge is unsure, with the verdict unsure", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("unsure", ["The page does not show points."]));
    const { run } = await runToEnd(worker, { assertions: [{ kind: "field_present", path: "title" }], judge: { instructions: "Check." } });
    expect(run.status).toBe("success");
    expect(run.verification).toMatchObject({
      verdict: "unsure",
      judge: { verdict: "unsure", reasons: ["The page does not show points."] },
    });
  });

  it("takes a judge reply it cannot read as unsure, with a reason", async ({ worker }) => {
    answerAndJudge(worker, () => ({ text: "Looks good to me!", usage: JUDGE_USAGE }));
    const { run } = await runToEnd(worker, { assertions: [], judge: { instructions: "Check." } });
    expect(run.status).toBe("success");
    expect(run.verification?.judge).toEqual({
      verdict: "unsure",
      reasons: ["The judge's reply could not be read: it holds no JSON object."],
      tokens: { input: 300, output: 20 },
    });
  });

  it("runs without verification when it has no checks", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("fail", []));
    const judgedBefore = worker.model.chatRequests().filter(isJudgeRequest).length;
    const { run } = await runToEnd(worker, undefined);
    expect(run).toMatchObject({ status: "success", checks: null, verification: null });
    expect(worker.model.chatRequests().filter(isJudgeRequest)).toHaveLength(judgedBefore);
  });
});

describe("a task's retry policy", () => {
  it("retries a run whose verdict is fail exactly max times, each retry linked to the first run", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("fail", ["Wrong item."]));
    const { run: first, caller } = await runToEnd(
      worker,
      { assertions: [], judge: { instructions: "Check." } },
      {
        retry: { on_verdict_fail: true, max: 2 },
      },
    );
    const runsOfTask = () =>
      worker.db.select().from(tasksRuns).where(eq(tasksRuns.taskId, first.task_id)).orderBy(asc(tasksRuns.createdAt));
    // The chain has ended when its third run has and the worker holds no run (a fourth would be queued before that).
    await pollFor(runsOfTask, (runs) => runs.length === 3 && runs.every((r) => r.status !== "pending"), {
      timeout: 60_000,
      message: "the first run and its two retries to end",
    });
    await pollFor(
      async () => worker.worker.active(),
      (n) => n === 0,
      { timeout: 30_000, message: "the worker to be idle" },
    );
    const runs = await runsOfTask();
    expect(runs).toHaveLength(3);
    expect(runs.map((r) => [r.status, r.retryOf])).toEqual([
      ["failed", null],
      ["failed", first.id],
      ["failed", first.id],
    ]);
    const shown = await getRun({ ctx: worker.ctx, caller, input: { runId: first.id, withSteps: false } });
    expect(shown.run.retries).toEqual([runs[1]!.id, runs[2]!.id]);
    const retry = await getRun({ ctx: worker.ctx, caller, input: { runId: runs[2]!.id, withSteps: false } });
    expect(retry.run).toMatchObject({ retry_of: first.id, retries: [], prompt: first.prompt, checks: first.checks });
    // The last run ended owing nothing: the policy had none left.
    expect(runs.map((r) => r.retryPendingSince)).toEqual([null, null, null]);
    expect(await startRetry({ ctx: worker.ctx, input: { runId: runs[2]!.id } })).toBeNull();
  });

  it("does not retry a run that passed, nor one whose task has no policy", async ({ worker }) => {
    answerAndJudge(worker, () => judgeTurn("pass", []));
    const { run } = await runToEnd(
      worker,
      { assertions: [], judge: { instructions: "Check." } },
      { retry: { on_verdict_fail: true, max: 3 } },
    );
    expect(await owesRetry(worker, run.id)).toBe(false);
    answerAndJudge(worker, () => judgeTurn("fail", []));
    const { run: failed } = await runToEnd(worker, { assertions: [], judge: { instructions: "Check." } });
    expect(failed.status).toBe("failed");
    expect(await owesRetry(worker, failed.id)).toBe(false);
    expect(await startRetry({ ctx: worker.ctx, input: { runId: failed.id } })).toBeNull();
    expect(await runsOf(worker, failed.task_id)).toHaveLength(1);
  });
});

describe("a batch row whose run is retried", () => {
  it("ends with its last retry: a row that passes on its retry succeeds, one that never passes fails once", async ({ worker }) => {
    // The judge fails "Second" once and "Third" every time; the prompt it is shown names the row.
    const judged = new Map<string, number>();
    answerAndJudge(worker, (req) => {
      const row = ["First", "Second", "Third"].find((name) => JSON.stringify(req.messages).includes(`shop ${name}`))!;
      const n = (judged.get(row) ?? 0) + 1;
      judged.set(row, n);
      return judgeTurn(row === "Third" || (row === "Second" && n === 1) ? "fail" : "pass", ["Judged."]);
    });
    const user = await worker.newUser();
    const caller = testCaller(user.id);
    const [task] = await worker.db
      .insert(tasks)
      .values({
        initialUrl: `${worker.sites.url}/news`,
        responseFormat: "json",
        userId: user.id,
        workspaceId: user.id,
        prompt: "Read the front page for shop {{shop}}",
        alwaysUseAgent: true,
        checks: { assertions: [], judge: { instructions: "Check." } },
        retry: { on_verdict_fail: true, on_failure_kinds: [], max: 1 },
      })
      .returning();
    const rows = [{ shop: "First" }, { shop: "Second" }, { shop: "Third" }];
    const batch = await createBatch({ ctx: worker.ctx, caller, input: { taskId: task!.id, batch: { rows, concurrency: 3 } } });
    const done = await pollFor(
      () => getBatch({ ctx: worker.ctx, caller, input: { batchId: batch.id } }),
      (b) => b.status === "finished",
      { timeout: 60_000, message: "the batch to finish" },
    );
    expect(done.counts).toMatchObject({ waiting: 0, running: 0, success: 2, failed: 1 });
    const { rows: shown } = await listBatchRows({ ctx: worker.ctx, caller, input: { batchId: batch.id, offset: 0, limit: 10 } });
    const runs = await runsOf(worker, task!.id);
    const retryOf = (row: number) => runs.find((r) => r.id === shown[row]!.run_id)!.retryOf;
    expect(shown.map((r) => [r.outcome, r.verdict])).toEqual([
      ["success", "pass"],
      ["success", "pass"],
      ["failed", "fail"],
    ]);
    // Rows 2 and 3 show their retry, linked to their first run; row 1 its only run.
    expect([retryOf(0), retryOf(1) !== null, retryOf(2) !== null]).toEqual([null, true, true]);
    expect(runs).toHaveLength(5);
    expect(runs.every((r) => r.batchId === batch.id)).toBe(true);
  });
});

/** The task's runs, oldest first. */
const runsOf = (worker: TestWorker, taskId: string) =>
  worker.db.select().from(tasksRuns).where(eq(tasksRuns.taskId, taskId)).orderBy(asc(tasksRuns.createdAt));

async function owesRetry(worker: TestWorker, runId: string) {
  const [run] = await worker.db.select({ since: tasksRuns.retryPendingSince }).from(tasksRuns).where(eq(tasksRuns.id, runId));
  return run!.since !== null;
}

/** A pending run of a new task with this retry policy; `ctx` decides whether a worker is asked to run it. */
async function pendingRun(worker: TestWorker, ctx: ServiceContext, retry: object) {
  const user = await worker.newUser();
  const input = { settings: { prompt: "Say ok", initial_url: `${worker.sites.url}/news`, retry } };
  const { run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input });
  return { run, user };
}

const sayOk = () => ({ toolCalls: [{ name: "done", arguments: { success: true, text: "ok" } }] });

describe("a retry decided when its run ended (docs/adr/0045-durable-retries.md)", () => {
  it("retries once a run the stale sweep ended as interrupted, when the policy names that kind", async ({ worker }) => {
    worker.model.setResponder(sayOk);
    // A worker claimed the run and died: no job left for it, its last heartbeat a minute old.
    const lostJob = { ...worker.ctx, queue: { enqueueRun: async () => undefined } };
    const { run } = await pendingRun(worker, lostJob, { on_failure_kinds: ["interrupted"], max: 2 });
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await worker.db.update(tasksRuns).set({ startedAt: aMinuteAgo, heartbeatAt: aMinuteAgo }).where(eq(tasksRuns.id, run.id));
    expect(await failStaleRuns({ ctx: worker.ctx, input: {} })).toContain(run.id);
    const runs = await pollFor(
      () => runsOf(worker, run.taskId),
      (all) => all.length === 2 && all[1]!.status !== "pending",
      { timeout: 60_000, message: "the interrupted run's retry to end" },
    );
    expect(runs.map((r) => [r.status, r.failureKind, r.retryOf])).toEqual([
      ["error", "interrupted", null],
      ["success", null, run.id],
    ]);
    expect(runs[0]!.statusReason).toMatch(/It is retried only when its task asks for it/);
  });

  // Last in the file: it stops the file's worker.
  it("starts exactly one retry per run across a worker stopped between the run's end and its retry, and none for a cancelled run", async ({
    worker,
    database,
    boss,
    ctx,
  }) => {
    await worker.worker.stop(0);
    const policy = { on_failure_kinds: ["page_error", "cancelled"], max: 1 };
    const asked = await pendingRun(worker, ctx, policy);
    const notAsked = await pendingRun(worker, ctx, policy);
    const cancelled = await pendingRun(worker, ctx, policy);
    const ended = { status: "failed" as const, reason: "The page broke.", failureKind: "page_error" as const };
    // Ended as the stopped worker would have: the retry's job waits in pg-boss for a worker.
    await finishRun({ ctx, input: { runId: asked.run.id, ...ended } });
    // Ended by a process that stopped right after the commit: no job was ever sent.
    await finishRun({ ctx: { ...ctx, queue: { enqueueRun: ctx.queue.enqueueRun } }, input: { runId: notAsked.run.id, ...ended } });
    await cancelRun({ ctx, caller: testCaller(cancelled.user.id), input: { runId: cancelled.run.id } });
    expect([await owesRetry(worker, asked.run.id), await owesRetry(worker, notAsked.run.id)]).toEqual([true, true]);
    expect(await owesRetry(worker, cancelled.run.id)).toBe(false);

    // A new worker: the job and its start-up sweep both try, and one of them starts each retry.
    const second = await startWorkerOn({ database, boss, ctx }, { allowHosts: [new URL(worker.sites.url).host] });
    try {
      second.model.setResponder(sayOk);
      for (const { run } of [asked, notAsked]) {
        const runs = await pollFor(
          () => runsOf(worker, run.taskId),
          (all) => all.length === 2 && all.every((r) => r.status !== "pending"),
          { timeout: 60_000, message: `the retry of ${run.id} to end` },
        );
        expect(runs.map((r) => [r.status, r.retryOf, r.retryPendingSince])).toEqual([
          ["failed", null, null],
          ["success", run.id, null],
        ]);
      }
      // Asked again, by a job and the sweep at once: nothing more.
      const again = await Promise.all([startRetry({ ctx, input: { runId: asked.run.id } }), sweepRetries({ ctx, input: {} })]);
      expect(again).toEqual([null, { started: 0 }]);
      expect(await runsOf(worker, asked.run.taskId)).toHaveLength(2);
      expect(await runsOf(worker, cancelled.run.taskId)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
