import { tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createTestAccount, makeTestContext, readBalance, refusal, serviceTest as it, testCaller } from "../testing.ts";
import { renameWorkspace } from "../workspaces/rename-workspace.ts";
import {
  cancelRun,
  claimRun,
  createRunForTask,
  createTaskWithRun,
  failStaleRuns,
  finishRun,
  getRun,
  heartbeatRun,
  listTaskRuns,
  makeRunPublic,
} from "./index.ts";
import { RUN_QUEUE } from "../queue/index.ts";
import type { ServiceContext } from "../index.ts";

describe("creating runs", () => {
  it("saves the task and its run, and queues one job keyed by the run id", async ({ boss, ctx }) => {
    const user = await createTestAccount(ctx);
    const { task, run } = await createTaskWithRun({
      ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "  collect the 20 newest posts  ", initial_url: "https://news.example" } },
    });
    expect(task).toMatchObject({ prompt: "collect the 20 newest posts", model: "gpt-4.1", modelProvider: "openai", sessionTimeout: 300 });
    expect(run).toMatchObject({ taskId: task.id, status: "pending", initialUrl: "https://news.example" });
    const job = await boss.getJobById(RUN_QUEUE, run.id);
    expect(job?.data).toEqual({ runId: run.id });
    expect(job?.retryLimit).toBe(0);
  });

  it("applies the spec's settings rules", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    const create = (settings: Record<string, unknown>) =>
      createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "p", ...settings } } });

    expect((await create({ session_timeout: "soon" })).run.sessionTimeout).toBe(300);
    expect((await create({ session_timeout: "45" })).run.sessionTimeout).toBe(45);
    await expect(create({ session_timeout: 10 })).rejects.toMatchObject({
      code: "validation_error",
      fields: [{ path: "session_timeout", message: "session_timeout must be between 30 and 3600 seconds" }],
    });
    const parsed = await create({ response_format: "json", json_schema: '{"type":"object"}' });
    expect(parsed.run.jsonSchema).toEqual({ type: "object" });
    const raw = await create({ response_format: "json", json_schema: "{not json" });
    expect(raw.run.jsonSchema).toBe("{not json");
    await expect(create({ prompt: "   " })).rejects.toMatchObject({ fields: [{ path: "prompt" }] });
    await expect(create({ webhook_url: "ftp://x" })).rejects.toMatchObject({ fields: [{ path: "webhook_url" }] });
    await expect(create({ auth_context_id: crypto.randomUUID() })).rejects.toMatchObject({ fields: [{ path: "auth_context_id" }] });
  });

  it("refuses with the spec's message when free prompts and credits are both used up", async ({ ctx, db, queue }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 0 });
    await expect(createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "p" } } })).rejects.toMatchObject({
      code: "insufficient_credits",
      message: "You have no credits or free prompts remaining. Please purchase more to continue.",
    });
    const off = makeTestContext(db, { billingEnabled: false }, queue);
    await expect(createTaskWithRun({ ctx: off, caller: testCaller(user.id), input: { settings: { prompt: "p" } } })).resolves.toBeTruthy();
  });

  it("re-runs a saved task, and hides other users' tasks", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    const { task } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "p" } } });
    const again = await createRunForTask({ ctx, caller: testCaller(user.id), input: { taskId: task.id, settings: { prompt: "p2" } } });
    expect(again.taskId).toBe(task.id);
    expect((await listTaskRuns({ ctx, caller: testCaller(user.id), input: { taskId: task.id } })).map((r) => r.id)[0]).toBe(again.id);
    const stranger = await createTestAccount(ctx);
    await expect(
      createRunForTask({ ctx, caller: testCaller(stranger.id), input: { taskId: task.id, settings: { prompt: "x" } } }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(getRun({ ctx, caller: testCaller(stranger.id), input: { runId: again.id } })).rejects.toMatchObject({ code: "not_found" });
  });

  it("keeps a run to its own allowed domains, else its task's, else the workspace's default, and refuses entries that are not domains", async ({
    ctx,
  }) => {
    const user = await createTestAccount(ctx);
    const caller = testCaller(user.id);
    const create = (settings: Record<string, unknown>) =>
      createTaskWithRun({ ctx, caller, input: { settings: { prompt: "p", ...settings } } });
    expect((await create({})).run.allowedDomains).toBeNull();
    await renameWorkspace({ ctx, caller, input: { workspaceId: user.id, defaultAllowedDomains: ["*.example.com"] } });
    const { task, run } = await create({ allowed_domains: ["Shop.Example.org.", "shop.example.org"] });
    expect([task.allowedDomains, run.allowedDomains]).toEqual([["shop.example.org"], ["shop.example.org"]]);
    expect((await createRunForTask({ ctx, caller, input: { taskId: task.id, settings: { prompt: "p" } } })).allowedDomains).toEqual([
      "shop.example.org",
    ]);
    expect((await create({ allowed_domains: [] })).run.allowedDomains).toEqual(["*.example.com"]);
    expect(await refusal(create({ allowed_domains: ["https://example.com/path", "ok.com"] }))).toMatchObject({
      code: "validation_error",
      fields: {
        allowed_domains:
          'allowed_domains: "https://example.com/path" is not a domain; give a host name such as example.com or *.example.com, without scheme, port or path',
      },
    });
  });

  it("ends the run as error at once when the queue refuses it", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx);
    const broken = makeTestContext(db, {}, { enqueueRun: () => Promise.reject(new Error("queue down")) });
    const { run } = await createTaskWithRun({ ctx: broken, caller: testCaller(user.id), input: { settings: { prompt: "p" } } });
    expect(run).toMatchObject({ status: "error", statusReason: "The run could not be queued. Please try again." });
    expect((await readBalance(db, user.id)).freePrompts).toBe(5);
  });
});

describe("what a caller may do", () => {
  it("lets only an admin make one of their runs public", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx);
    const { run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "show this" } } });

    await expect(makeRunPublic({ ctx, caller: testCaller(user.id), input: { runId: run.id } })).rejects.toMatchObject({
      code: "forbidden",
      message: "Only admins can make a run public",
    });
    expect((await db.select({ public: tasksRuns.public }).from(tasksRuns).where(eq(tasksRuns.id, run.id)))[0]?.public).toBe(false);

    expect(await makeRunPublic({ ctx, caller: testCaller(user.id, { isAdmin: true }), input: { runId: run.id } })).toEqual({
      id: run.id,
      public: true,
    });
    // An admin's rights are over their own runs.
    const otherAdmin = testCaller((await createTestAccount(ctx)).id, { isAdmin: true });
    await expect(makeRunPublic({ ctx, caller: otherAdmin, input: { runId: run.id } })).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses a write to a caller who may only read, and still lets them read", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx);
    const reader = testCaller(user.id, { scopes: ["read"] });
    await expect(createTaskWithRun({ ctx, caller: reader, input: { settings: { prompt: "p" } } })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await readBalance(db, user.id)).toMatchObject({ freePrompts: 5, heldFreePrompts: 0 });

    const { run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "p" } } });
    await expect(cancelRun({ ctx, caller: reader, input: { runId: run.id } })).rejects.toMatchObject({ code: "forbidden" });
    expect((await getRun({ ctx, caller: reader, input: { runId: run.id, withSteps: false } })).run.status).toBe("pending");
  });
});

describe("finishing and billing", () => {
  async function startedRun(ctx: ServiceContext, userId: string) {
    const { run } = await createTaskWithRun({ ctx, caller: testCaller(userId), input: { settings: { prompt: "p" } } });
    await claimRun({ ctx, input: { runId: run.id } });
    return run;
  }

  it("uses a free prompt first, then execution seconds x $0.0023 from credits", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx, { freePrompts: 1, credits: 10_000 });
    const first = await startedRun(ctx, user.id);
    const done = await finishRun({ ctx, input: { runId: first.id, status: "success", result: "42", executionTime: 12.5 } });
    expect(done).toMatchObject({ status: "success", result: "42", cost: 0 });
    expect(await readBalance(db, user.id)).toMatchObject({ freePrompts: 0, credits: 10_000 });

    const second = await startedRun(ctx, user.id);
    const paid = await finishRun({ ctx, input: { runId: second.id, status: "failed", reason: "Could not find it", executionTime: 10 } });
    expect(paid?.cost).toBe(230);
    expect(await readBalance(db, user.id)).toMatchObject({ freePrompts: 0, credits: 9_770 });
  });

  it("finishes and charges exactly once, even when finished concurrently", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 10_000 });
    const run = await startedRun(ctx, user.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => finishRun({ ctx, input: { runId: run.id, status: "success", executionTime: 100 } })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await readBalance(db, user.id)).credits).toBe(10_000 - 2_300);
  });

  it("charges nothing for a run that failed through our fault", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx);
    const run = await startedRun(ctx, user.id);
    await finishRun({ ctx, input: { runId: run.id, status: "error", reason: "browser crashed" } });
    expect((await readBalance(db, user.id)).freePrompts).toBe(5);
  });

  it("charges nothing for a run cancelled before any worker started it", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx);
    const { run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "p" } } });
    await cancelRun({ ctx, caller: testCaller(user.id), input: { runId: run.id } });
    expect((await readBalance(db, user.id)).freePrompts).toBe(5);
  });

  it("cancels a pending run once; the worker's heartbeat then says stop", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    const run = await startedRun(ctx, user.id);
    expect(await heartbeatRun({ ctx, input: { runId: run.id } })).toBe(true);
    expect(await cancelRun({ ctx, caller: testCaller(user.id), input: { runId: run.id } })).toMatchObject({ status: "cancelled" });
    expect(await heartbeatRun({ ctx, input: { runId: run.id } })).toBe(false);
    await expect(cancelRun({ ctx, caller: testCaller(user.id), input: { runId: run.id } })).rejects.toMatchObject({ code: "conflict" });
  });

  it("lets only one worker claim a run", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    const { run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "p" } } });
    const claims = await Promise.all([1, 2, 3].map(() => claimRun({ ctx, input: { runId: run.id } })));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("ends a run whose worker went silent as error, with the reason", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx);
    const silent = await startedRun(ctx, user.id);
    const alive = await startedRun(ctx, user.id);
    await db
      .update(tasksRuns)
      .set({ heartbeatAt: new Date(Date.now() - 60_000) })
      .where(eq(tasksRuns.id, silent.id));
    const ended = await failStaleRuns({ ctx, input: {} });
    expect(ended).toContain(silent.id);
    expect(ended).not.toContain(alive.id);
    const { run } = await getRun({ ctx, caller: testCaller(user.id), input: { runId: silent.id } });
    expect(run.status).toBe("error");
    expect(run.status_reason).toMatch(/stopped responding/);
  });

  it("takes a worker for gone after the configured silence (STALE_RUN_SECONDS)", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx);
    const run = await startedRun(ctx, user.id);
    await db
      .update(tasksRuns)
      .set({ heartbeatAt: new Date(Date.now() - 10_000) })
      .where(eq(tasksRuns.id, run.id));
    expect(await failStaleRuns({ ctx, input: {} })).not.toContain(run.id);
    expect(await failStaleRuns({ ctx, input: { staleAfterMs: 8_000 } })).toContain(run.id);
  });
});
