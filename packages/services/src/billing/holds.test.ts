import { NO_CREDITS_MESSAGE } from "@errand/contract";
import { tasksRuns, userCredits } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createTestAccount, makeTestContext, readBalance, serviceTest as it, testCaller } from "../testing.ts";
import { claimRun, createRunForTask, createTaskWithRun, finishRun, getRun } from "../runs/index.ts";
import { getAccount } from "../accounts/index.ts";
import type { ServiceContext } from "../index.ts";

const create = (ctx: ServiceContext, userId: string, settings: Record<string, unknown> = {}) =>
  createTaskWithRun({ ctx, caller: testCaller(userId), input: { settings: { prompt: "p", ...settings } } });

async function finishStarted(
  ctx: ServiceContext,
  runId: string,
  status: "success" | "failed" | "error" | "cancelled",
  executionTime: number,
) {
  await claimRun({ ctx, input: { runId } });
  return finishRun({ ctx, input: { runId, status, executionTime } });
}

describe("a run holds what it may cost", () => {
  it("lets concurrent creations spend each free prompt once, never overdrawing", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx, { freePrompts: 5, credits: 0 });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => create(ctx, user.id)));
    const created = outcomes.filter((o) => o.status === "fulfilled").map((o) => o.value.run);
    const refused = outcomes.filter((o) => o.status === "rejected").map((o) => o.reason as { code: string; message: string });
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r).toMatchObject({ code: "insufficient_credits", message: NO_CREDITS_MESSAGE });
    expect(await readBalance(db, user.id)).toMatchObject({ freePrompts: 5, heldFreePrompts: 5, credits: 0, heldCredits: 0 });

    await Promise.all(created.map((run) => finishStarted(ctx, run.id, "success", 40)));
    expect(await readBalance(db, user.id)).toMatchObject({ freePrompts: 0, heldFreePrompts: 0, credits: 0, heldCredits: 0 });
  });

  it("holds credits for the whole time limit, so a second run cannot spend them too", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 300 * 23 + 100 });
    const { run } = await create(ctx, user.id, { session_timeout: 300 });
    expect(run).toMatchObject({ holdKind: "credits", heldCredits: 6_900, creditLimitSeconds: null });
    // 100 units left: 4 s of run time, less than a run needs.
    await expect(create(ctx, user.id)).rejects.toMatchObject({
      code: "insufficient_credits",
      message: "Your available credits cover 4 s of run time; a run needs at least 10 s. Please purchase more to continue.",
    });
    expect((await getAccount({ ctx, caller: testCaller(user.id), input: {} })).balance).toMatchObject({
      credits: 7_000,
      heldCredits: 6_900,
    });

    const done = await finishStarted(ctx, run.id, "success", 50);
    expect(done?.cost).toBe(50 * 23);
    expect(await readBalance(db, user.id)).toMatchObject({ credits: 7_000 - 1_150, heldCredits: 0 });
  });

  it("caps the time limit at what the credits pay for, and says so", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 130 * 23 + 10 });
    const { run } = await create(ctx, user.id, { session_timeout: 300 });
    expect(run).toMatchObject({ creditLimitSeconds: 130, heldCredits: 130 * 23 });
    const { run: shown } = await getRun({ ctx, caller: testCaller(user.id), input: { runId: run.id } });
    expect(shown).toMatchObject({ session_timeout: 300, time_limit: 130, time_limit_note: "Your credits cover 130 s of this 300 s run." });

    // Overran its limit (browser start-up, the last step): charged no more than it held.
    const done = await finishStarted(ctx, run.id, "failed", 137.2);
    expect(done?.cost).toBe(130 * 23);
    expect(await readBalance(db, user.id)).toMatchObject({ credits: 10, heldCredits: 0 });
  });

  it("gives everything back when a run ends by our fault or before it started", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx, { freePrompts: 1, credits: 10_000 });
    const free = (await create(ctx, user.id)).run;
    const paid = (await create(ctx, user.id)).run;
    expect(paid.holdKind).toBe("credits");
    await finishStarted(ctx, free.id, "error", 20);
    await finishRun({ ctx, input: { runId: paid.id, status: "cancelled" } });
    expect(await readBalance(db, user.id)).toMatchObject({ freePrompts: 1, heldFreePrompts: 0, credits: 10_000, heldCredits: 0 });
  });

  it("holds nothing with billing off", async ({ ctx, db, queue }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 0 });
    const off = makeTestContext(db, { billingEnabled: false }, queue);
    const { run } = await create(off, user.id, {});
    expect(run.holdKind).toBe("none");
    await finishStarted(ctx, run.id, "success", 10);
    expect(await readBalance(db, user.id)).toMatchObject({ freePrompts: 0, credits: 0 });
  });

  it("settles a run created before holds existed from what is available, never below zero", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 500 });
    const { run } = await create(ctx, user.id, { session_timeout: 30 });
    // As an older release left it: no hold recorded.
    await db.update(userCredits).set({ heldCredits: 0 }).where(eq(userCredits.userId, user.id));
    await db.update(tasksRuns).set({ holdKind: null, heldCredits: 0 }).where(eq(tasksRuns.id, run.id));
    const done = await finishStarted(ctx, run.id, "success", 60);
    expect(done?.cost).toBe(500);
    expect(await readBalance(db, user.id)).toMatchObject({ credits: 0, heldCredits: 0 });
  });

  it("is refused by the database itself below zero or below what is held", async ({ ctx, db }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 100 });
    await expect(db.update(userCredits).set({ credits: -1 }).where(eq(userCredits.userId, user.id))).rejects.toThrow();
    await expect(db.update(userCredits).set({ heldCredits: 101 }).where(eq(userCredits.userId, user.id))).rejects.toThrow();
    await expect(
      db.update(userCredits).set({ freePrompts: 0, heldFreePrompts: 1 }).where(eq(userCredits.userId, user.id)),
    ).rejects.toThrow();
  });
});

describe("pending runs per account", () => {
  it("refuses more than the limit with 429's code and a clear message, also when racing", async ({ ctx, db, queue }) => {
    const limited = makeTestContext(db, { billingEnabled: false, pendingRunsPerAccount: 3 }, queue);
    const user = await createTestAccount(ctx);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => create(limited, user.id, {})));
    const created = outcomes.filter((o) => o.status === "fulfilled").map((o) => o.value.run);
    expect(created).toHaveLength(3);
    for (const o of outcomes.filter((o) => o.status === "rejected")) {
      expect(o.reason).toMatchObject({
        code: "too_many_runs",
        message: "You already have 3 runs waiting or running. Wait for one to finish, then try again.",
      });
    }
    // Another account is not affected; a finished run frees a place.
    await expect(create(limited, (await createTestAccount(ctx)).id, {})).resolves.toBeTruthy();
    await finishRun({ ctx: limited, input: { runId: created[0]!.id, status: "cancelled" } });
    await expect(
      createRunForTask({ ctx: limited, caller: testCaller(user.id), input: { taskId: created[0]!.taskId, settings: { prompt: "p" } } }),
    ).resolves.toBeTruthy();
  });
});
