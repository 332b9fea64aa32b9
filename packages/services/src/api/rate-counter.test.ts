import { apiRateLimits } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { serviceTest as it } from "../testing.ts";
import { createRateCounter } from "./rate-counter.ts";

// The API's per-key limit counted in each process and shared through Postgres in batches
// (docs/adr/0055-api-reads-at-one-query.md).
describe("rate counter", () => {
  const start = Math.floor(Date.now() / 60_000) * 60_000 + 60_000 * 10; // a window of our own, in the future
  const sharedCount = async (db: Parameters<typeof createRateCounter>[0]["db"], key: string) =>
    (await db.select({ count: apiRateLimits.count }).from(apiRateLimits).where(eq(apiRateLimits.key, key)))[0]?.count ?? 0;

  it("lets exactly the limit through in one process", async ({ ctx }) => {
    const counter = createRateCounter(ctx);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await counter.consume({ key: "one", limit: 25, now: start + i }));
    expect(answers.map((a) => a.allowed)).toEqual([...Array(25).fill(true), ...Array(5).fill(false)]);
    expect(answers.map((a) => a.remaining).slice(0, 3)).toEqual([24, 23, 22]);
    expect(answers[29]).toMatchObject({ remaining: 0, allowed: false });
    // What was admitted was counted in Postgres first.
    expect(await sharedCount(ctx.db, "one")).toBeGreaterThanOrEqual(25);
  });

  it("takes requests from Postgres in blocks far from the limit: 50 requests, one write", async ({ ctx }) => {
    const counter = createRateCounter(ctx);
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await counter.consume({ key: "blocks", limit: 1_000, now: start + i }));
    expect(answers.every((a) => a.allowed)).toBe(true);
    expect(answers[49]!.remaining).toBe(950);
    // One block of a tenth of the limit, taken by the first request.
    expect(await sharedCount(ctx.db, "blocks")).toBe(100);
  });

  it("never lets processes sharing a key pass its limit together", async ({ ctx }) => {
    const [a, b] = [createRateCounter(ctx), createRateCounter(ctx)];
    let allowed = 0;
    // Interleaved, and some at once, as two servers behind a balancer would see them.
    for (let i = 0; i < 30; i++) {
      const states = await Promise.all([
        a.consume({ key: "shared", limit: 40, now: start + i }),
        b.consume({ key: "shared", limit: 40, now: start + i }),
      ]);
      allowed += states.filter((s) => s.allowed).length;
    }
    expect(allowed).toBeLessThanOrEqual(40);
    // A block left unused at the end of the window is lost: less than one block of 4 each.
    expect(allowed).toBeGreaterThanOrEqual(34);
  });
});
