import { usageQuerySchema } from "@errand/contract";
import { creditLedger } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createTestAccount, serviceTest as it, testCaller } from "../testing.ts";
import { claimRun, createTaskWithRun, finishRun } from "../runs/index.ts";
import { getUsage } from "./index.ts";
import type { ServiceContext } from "../index.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(at);
const usage = (ctx: ServiceContext, userId: string, query: Record<string, unknown> = {}) =>
  getUsage({ ctx, caller: testCaller(userId), input: { ...usageQuerySchema.parse(query) } });

/** A run that ends as `status` after `seconds`, charged (its ledger entry dated) at `chargedAt`. */
async function chargedRun(
  ctx: ServiceContext,
  userId: string,
  input: { status?: "success" | "error"; seconds: number; chargedAt: Date; tokens?: [number, number] },
) {
  const { run } = await createTaskWithRun({ ctx, caller: testCaller(userId), input: { settings: { prompt: "p" } } });
  await claimRun({ ctx, input: { runId: run.id } });
  const [inputTokens, outputTokens] = input.tokens ?? [0, 0];
  await finishRun({
    ctx,
    input: { runId: run.id, status: input.status ?? "success", executionTime: input.seconds, inputTokens, outputTokens },
  });
  await ctx.db.update(creditLedger).set({ createdAt: input.chargedAt }).where(eq(creditLedger.runId, run.id));
  return run;
}

describe("usage history", () => {
  it("is empty for an account that has run nothing, with the period it covers", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    const now = new Date();
    expect(await usage(ctx, user.id)).toEqual({
      days: 30,
      time_zone: "UTC",
      from: dayIn("UTC", new Date(now.getTime() - 29 * DAY)),
      to: dayIn("UTC", now),
      totals: { runs: 0, free_prompts: 0, credits: 0, execution_time: 0, input_tokens: 0, output_tokens: 0, model_cost: 0 },
      per_day: [],
      group_by: "day",
    });
  });

  it("sums the charged runs per day, newest first, and in total; free runs and other accounts are left out", async ({ ctx }) => {
    const user = await createTestAccount(ctx, { freePrompts: 1, credits: 100_000 });
    const now = new Date();
    const twoDaysAgo = new Date(now.getTime() - 2 * DAY);
    await chargedRun(ctx, user.id, { seconds: 12.5, chargedAt: twoDaysAgo, tokens: [1_000, 50] }); // the free prompt
    await chargedRun(ctx, user.id, { seconds: 10, chargedAt: twoDaysAgo, tokens: [2_000, 100] }); // 230 units
    await chargedRun(ctx, user.id, { seconds: 4, chargedAt: now, tokens: [500, 20] }); // 92 units
    await chargedRun(ctx, user.id, { status: "error", seconds: 30, chargedAt: now }); // our fault: not charged
    const stranger = await createTestAccount(ctx);
    await chargedRun(ctx, stranger.id, { seconds: 5, chargedAt: now });

    const result = await usage(ctx, user.id);
    expect(result.per_day).toEqual([
      {
        date: dayIn("UTC", now),
        runs: 1,
        free_prompts: 0,
        credits: 92,
        execution_time: 4,
        input_tokens: 500,
        output_tokens: 20,
        model_cost: 0,
      },
      {
        date: dayIn("UTC", twoDaysAgo),
        runs: 2,
        free_prompts: 1,
        credits: 230,
        execution_time: 22.5,
        input_tokens: 3_000,
        output_tokens: 150,
        model_cost: 0,
      },
    ]);
    expect(result.totals).toEqual({
      runs: 3,
      free_prompts: 1,
      credits: 322,
      execution_time: 26.5,
      input_tokens: 3_500,
      output_tokens: 170,
      model_cost: 0,
    });
  });

  it("covers only the last `days` days, today included", async ({ ctx }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 100_000 });
    const now = new Date();
    await chargedRun(ctx, user.id, { seconds: 1, chargedAt: now });
    await chargedRun(ctx, user.id, { seconds: 1, chargedAt: new Date(now.getTime() - 10 * DAY) });
    expect((await usage(ctx, user.id, { days: "7" })).per_day.map((day) => day.date)).toEqual([dayIn("UTC", now)]);
    expect((await usage(ctx, user.id, { days: "1" })).from).toBe(dayIn("UTC", now));
    expect((await usage(ctx, user.id, { days: "30" })).totals.runs).toBe(2);
  });

  it("groups by the calendar days of the time zone asked for", async ({ ctx }) => {
    const user = await createTestAccount(ctx, { freePrompts: 0, credits: 100_000 });
    // 23:30 UTC yesterday is already today in Tokyo (UTC+9).
    const startOfTodayUtc = new Date(`${dayIn("UTC", new Date())}T00:00:00Z`);
    const lateEvening = new Date(startOfTodayUtc.getTime() - HOUR / 2);
    await chargedRun(ctx, user.id, { seconds: 1, chargedAt: lateEvening });
    expect((await usage(ctx, user.id)).per_day[0]!.date).toBe(dayIn("UTC", lateEvening));
    const tokyo = await usage(ctx, user.id, { time_zone: "Asia/Tokyo" });
    expect(tokyo).toMatchObject({ time_zone: "Asia/Tokyo", to: dayIn("Asia/Tokyo", new Date()) });
    expect(tokyo.per_day[0]!.date).toBe(dayIn("Asia/Tokyo", lateEvening));
    expect(dayIn("Asia/Tokyo", lateEvening)).not.toBe(dayIn("UTC", lateEvening));
  });

  it("refuses a period or time zone it cannot use, naming the field", async ({ ctx }) => {
    const user = await createTestAccount(ctx);
    for (const days of ["0", "367", "2.5", "soon"]) {
      expect(usageQuerySchema.safeParse({ days }).error?.issues[0]).toMatchObject({
        path: ["days"],
        message: "days must be a whole number from 1 to 366",
      });
    }
    for (const zone of ["Mars/Olympus", "'; drop table users; --", ""]) {
      expect(usageQuerySchema.safeParse({ time_zone: zone }).error?.issues[0]).toMatchObject({
        path: ["time_zone"],
        message: "time_zone must be a time zone name such as Europe/Paris or UTC",
      });
    }
    // A name that passes the form check but that Postgres does not know is a 400, not a 500.
    await expect(
      getUsage({ ctx, caller: testCaller(user.id), input: { days: 30, time_zone: "Mars/Olympus", group_by: "day", format: "json" } }),
    ).rejects.toMatchObject({
      code: "validation_error",
      fields: [{ path: "time_zone", message: "time_zone must be a time zone name such as Europe/Paris or UTC" }],
    });
  });
});
