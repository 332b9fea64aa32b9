import { NO_CREDITS_MESSAGE } from "@errand/contract";
import { tasksRuns, userCredits } from "@errand/db";
import { openTestDb } from "@errand/db/testing";
import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, makeTestContext, readBalance, startTestBoss, testCaller } from "../testing.ts";
import { claimRun, createRunForTask, createTaskWithRun, finishRun, getRun } from "../runs/index.ts";
import { getAccount } from "../accounts/index.ts";
import type { RunQueue } from "../queue/index.ts";
import type { ServiceContext } from "../index.ts";

const { db, url, close } = openTestDb();
let boss: PgBoss;
let queue: RunQueue;
let ctx: ServiceContext;

beforeAll(async () => {
  ({ boss, queue } = await startTestBoss(url));
  ctx = makeTestContext(db, {}, queue);
});
afterAll(async () => {
  await boss.stop({ graceful: false });
  await close();
});

const newUser = (balance?: { freePrompts: number; credits: number }) => createTestAccount(ctx, balance);
const balanceOf = (userId: string) => readBalance(db, userId);
const create = (userId: string, settings: Record<string, unknown> = {}, context = ctx) =>
  createTaskWithRun({ ctx: context, caller: testCaller(userId), input: { settings: { prompt: "p", ...settings } } });

async function finishStarted(runId: string, status: "success" | "failed" | "error" | "cancelled", executionTime: number) {
  await claimRun({ ctx, input: { runId } });
  return finishRun({ ctx, input: { runId, status, executionTime } });
}

describe("a run holds what it may cost", () => {
  it("lets concurrent creations spend each free prompt once, never overdrawing", async () => {
    const user = await newUser({ freePrompts: 5, credits: 0 });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => create(user.id)));
    const created = outcomes.filter((o) => o.status === "fulfilled").map((o) => o.value.run);
    const refused = outcomes.filter((o) => o.status === "rejected").map((o) => o.reason as { code: string; message: string });
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r).toMatchObject({ code: "insufficient_credits", message: NO_CREDITS_MESSAGE });
    expect(await balanceOf(user.id)).toMatchObject({ freePrompts: 5, heldFreePrompts: 5, credits: 0, heldCredits: 0 });

    await Promise.all(created.map((run) => finishStarted(run.id, "success", 40)));
    expect(await balanceOf(user.id)).toMatchObject({ freePrompts: 0, heldFreePrompts: 0, credits: 0, heldCredits: 0 });
  });

  it("holds credits for the whole time limit, so a second run cannot spend them too", async () => {
    const user = await newUser({ freePrompts: 0, credits: 300 * 23 + 100 });
    const { run } = await create(user.id, { session_timeout: 300 });
    expect(run).toMatchObject({ holdKind: "credits", heldCredits: 6_900, creditLimitSeconds: null });
    // 100 units left: 4 s of run time, less than a run needs.
    await expect(create(user.id)).rejects.toMatchObject({
      code: "insufficient_credits",
      message: "Your available credits cover 4 s of run time; a run needs at least 10 s. Please purchase more to continue.",
    });
    expect((await getAccount({ ctx, caller: testCaller(user.id), input: {} })).balance).toMatchObject({ credits: 7_000, heldCredits: 6_900 });

    const done = await finishStarted(run.id, "success", 50);
    expect(done?.cost).toBe(50 * 23);
    expect(await balanceOf(user.id)).toMatchObject({ credits: 7_000 - 1_150, heldCredits: 0 });
  });

  it("caps the time limit at what the credits pay for, and says so", async () => {
    const user = await newUser({ freePrompts: 0, credits: 130 * 23 + 10 });
    const { run } = await create(user.id, { session_timeout: 300 });
    expect(run).toMatchObject({ creditLimitSeconds: 130, heldCredits: 130 * 23 });
    const { run: shown } = await getRun({ ctx, caller: testCaller(user.id), input: { runId: run.id } });
    expect(shown).toMatchObject({ session_timeout: 300, time_limit: 130, time_limit_note: "Your credits cover 130 s of this 300 s run." });

    // Overran its limit (browser start-up, the last step): charged no more than it held.
    const done = await finishStarted(run.id, "failed", 137.2);
    expect(done?.cost).toBe(130 * 23);
    expect(await balanceOf(user.id)).toMatchObject({ credits: 10, heldCredits: 0 });
  });

  it("gives everything back when a run ends by our fault or before it started", async () => {
    const user = await newUser({ freePrompts: 1, credits: 10_000 });
    const free = (await create(user.id)).run;
    const paid = (await create(user.id)).run;
    expect(paid.holdKind).toBe("credits");
    await finishStarted(free.id, "error", 20);
    await finishRun({ ctx, input: { runId: paid.id, status: "cancelled" } });
    expect(await balanceOf(user.id)).toMatchObject({ freePrompts: 1, heldFreePrompts: 0, credits: 10_000, heldCredits: 0 });
  });

  it("holds nothing with billing off", async () => {
    const user = await newUser({ freePrompts: 0, credits: 0 });
    const off = makeTestContext(db, { billingEnabled: false }, queue);
    const { run } = await create(user.id, {}, off);
    expect(run.holdKind).toBe("none");
    await finishStarted(run.id, "success", 10);
    expect(await balanceOf(user.id)).toMatchObject({ freePrompts: 0, credits: 0 });
  });

  it("settles a run created before holds existed from what is available, never below zero", async () => {
    const user = await newUser({ freePrompts: 0, credits: 500 });
    const { run } = await create(user.id, { session_timeout: 30 });
    // As an older release left it: no hold recorded.
    await db.update(userCredits).set({ heldCredits: 0 }).where(eq(userCredits.userId, user.id));
    await db.update(tasksRuns).set({ holdKind: null, heldCredits: 0 }).where(eq(tasksRuns.id, run.id));
    const done = await finishStarted(run.id, "success", 60);
    expect(done?.cost).toBe(500);
    expect(await balanceOf(user.id)).toMatchObject({ credits: 0, heldCredits: 0 });
  });

  it("is refused by the database itself below zero or below what is held", async () => {
    const user = await newUser({ freePrompts: 0, credits: 100 });
    await expect(db.update(userCredits).set({ credits: -1 }).where(eq(userCredits.userId, user.id))).rejects.toThrow();
    await expect(db.update(userCredits).set({ heldCredits: 101 }).where(eq(userCredits.userId, user.id))).rejects.toThrow();
    await expect(db.update(userCredits).set({ freePrompts: 0, heldFreePrompts: 1 }).where(eq(userCredits.userId, user.id))).rejects.toThrow();
  });
});

describe("pending runs per account", () => {
  it("refuses more than the limit with 429's code and a clear message, also when racing", async () => {
    const limited = makeTestContext(db, { billingEnabled: false, pendingRunsPerAccount: 3 }, queue);
    const user = await newUser();
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => create(user.id, {}, limited)));
    const created = outcomes.filter((o) => o.status === "fulfilled").map((o) => o.value.run);
    expect(created).toHaveLength(3);
    for (const o of outcomes.filter((o) => o.status === "rejected")) {
      expect(o.reason).toMatchObject({
        code: "too_many_runs",
        message: "You already have 3 runs waiting or running. Wait for one to finish, then try again.",
      });
    }
    // Another account is not affected; a finished run frees a place.
    await expect(create((await newUser()).id, {}, limited)).resolves.toBeTruthy();
    await finishRun({ ctx: limited, input: { runId: created[0]!.id, status: "cancelled" } });
    await expect(createRunForTask({ ctx: limited, caller: testCaller(user.id), input: { taskId: created[0]!.taskId, settings: { prompt: "p" } } })).resolves.toBeTruthy();
  });
});
