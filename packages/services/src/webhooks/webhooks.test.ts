import { WEBHOOK_DELIVERY_ID_HEADER, WEBHOOK_RETRY_DELAYS_SECONDS } from "@errand/contract";
import * as tables from "@errand/db";
import { profiles, tasksRuns, webhookAttempts, webhookDeliveries, type Db } from "@errand/db";
import { drizzle } from "drizzle-orm/node-postgres";
import { asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect } from "vitest";
import { createFinishedRun, createTestAccount, isolatedServiceTest, testCaller, settleDueDeliveries } from "../testing.ts";
import {
  ABANDONED_ATTEMPT_ERROR,
  claimWebhookDeliveries,
  completeWebhookAttempt,
  getWebhookSecret,
  listWebhookDeliveries,
  prepareWebhook,
  redeliverWebhook,
  retryDelaySeconds,
  signWebhook,
  verifyWebhookSignature,
  webhookEndpoint,
  type ClaimedDelivery,
} from "./index.ts";
import { createTaskWithRun, finishRun } from "../runs/index.ts";

// A database of its own: claims take any due delivery in the database.
const { it, file } = isolatedServiceTest();

const newUser = () => createTestAccount(file.ctx);

const finishedRun = (userId: string, webhookUrl = "https://hooks.example/errand", finishCtx = file.ctx) =>
  createFinishedRun(file.ctx, userId, { webhookUrl, finishCtx });

/** A new person's finished run whose delivery a worker claimed and then died holding: its lease has run out. */
async function lostDelivery(webhookUrl: string) {
  await settleDueDeliveries(file.database.db);
  const user = await newUser();
  const run = await finishedRun(user.id, webhookUrl);
  const [first] = await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } });
  await file.database.db
    .update(webhookDeliveries)
    .set({ leasedUntil: sql`now() - interval '1 second'` })
    .where(eq(webhookDeliveries.id, first!.id));
  return { user, run, first: first! };
}

const deliveriesOf = (runId: string) =>
  file.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, runId)).orderBy(asc(webhookDeliveries.createdAt));

describe("webhook signatures", () => {
  it("verifies what was signed, and nothing altered or stale", () => {
    const header = signWebhook("whsec_test", '{"a":1}', 1_800_000_000);
    expect(verifyWebhookSignature("whsec_test", header, '{"a":1}', { now: 1_800_000_010 })).toBe(true);
    expect(verifyWebhookSignature("whsec_test", header, '{"a":2}', { now: 1_800_000_010 })).toBe(false);
    expect(verifyWebhookSignature("whsec_other", header, '{"a":1}', { now: 1_800_000_010 })).toBe(false);
    expect(verifyWebhookSignature("whsec_test", header, '{"a":1}', { now: 1_800_001_000 })).toBe(false);
    expect(verifyWebhookSignature("whsec_test", "garbage", '{"a":1}')).toBe(false);
  });

  it("gives each user one stable secret, stored encrypted", async () => {
    const user = await newUser();
    const [a, b] = await Promise.all([
      getWebhookSecret({ ctx: file.ctx, caller: testCaller(user.id), input: {} }),
      getWebhookSecret({ ctx: file.ctx, caller: testCaller(user.id), input: {} }),
    ]);
    expect(a).toBe(b);
    expect(a).toMatch(/^whsec_/);
    const [row] = await file.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row!.webhookSecretCiphertext).not.toContain(a);
  });
});

describe("webhook retry schedule", () => {
  it("waits longer after each failure and keeps trying for more than 24 hours, then gives up", () => {
    const delays: number[] = [];
    for (let failed = 1; retryDelaySeconds(failed) !== null; failed++) delays.push(retryDelaySeconds(failed)!);
    expect(delays.slice(0, 10)).toEqual([30, 60, 120, 300, 600, 1800, 3600, 7200, 14_400, 28_800]);
    expect(delays.every((delay, i) => i === 0 || delay >= delays[i - 1]!)).toBe(true);
    // The last attempt starts more than a day after the first.
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(24 * 3600);
    expect(delays).toHaveLength(WEBHOOK_RETRY_DELAYS_SECONDS.length);
    expect(retryDelaySeconds(WEBHOOK_RETRY_DELAYS_SECONDS.length + 1)).toBeNull();
    expect(retryDelaySeconds(2, [1, 2])).toBe(2);
    expect(retryDelaySeconds(3, [1, 2])).toBeNull();
  });

  it("keys endpoints by scheme, host and port", () => {
    expect(webhookEndpoint("https://User:pw@Hooks.Example.com/a?b=c")).toBe("https://hooks.example.com");
    expect(webhookEndpoint("https://hooks.example.com:443/x")).toBe("https://hooks.example.com");
    expect(webhookEndpoint("http://127.0.0.1:8080/x")).toBe("http://127.0.0.1:8080");
    expect(webhookEndpoint("http://127.0.0.1:8080/x")).not.toBe(webhookEndpoint("http://127.0.0.1:8081/x"));
  });
});

describe("webhook outbox", () => {
  it("queues the delivery in the transaction that finishes the run; its request carries the delivery id and a signature", async () => {
    const user = await newUser();
    const run = await finishedRun(user.id);
    const [delivery, ...more] = await deliveriesOf(run.id);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({ status: "pending", trigger: "run_finished", endpoint: "https://hooks.example", attempts: 0 });

    const request = await prepareWebhook({ ctx: file.ctx, input: { runId: run.id, deliveryId: delivery!.id, url: delivery!.url } });
    expect(request?.url).toBe("https://hooks.example/errand");
    expect(request!.headers[WEBHOOK_DELIVERY_ID_HEADER]).toBe(delivery!.id);
    expect(JSON.parse(request!.body)).toMatchObject({
      event: "run.finished",
      delivery_id: delivery!.id,
      run: { id: run.id, status: "success", result: "42" },
    });
    const secret = await getWebhookSecret({ ctx: file.ctx, caller: testCaller(user.id), input: {} });
    expect(verifyWebhookSignature(secret, request!.headers["errand-signature"], request!.body)).toBe(true);
  });

  it("keeps the webhook when the process dies right after the finishing transaction commits", async () => {
    const user = await newUser();
    // A connection that "dies" once COMMIT has succeeded: nothing after the commit runs.
    const pool = new pg.Pool({ connectionString: file.database.url, max: 2 });
    pool.on("connect", (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
        const first = args[0] as string | { text?: string };
        const text = typeof first === "string" ? first : first?.text;
        const result = query(...args);
        return /^\s*commit\s*$/i.test(text ?? "") ? result.then(() => Promise.reject(new Error("process died after commit"))) : result;
      };
    });
    const dying = { ...file.ctx, db: drizzle(pool, { schema: tables, casing: "snake_case" }) as unknown as Db };
    try {
      await expect(finishedRun(user.id, "https://hooks.example/crash", dying)).rejects.toMatchObject({
        cause: { message: "process died after commit" },
      });
    } finally {
      await pool.end();
    }
    const [run] = await file.database.db.select().from(tasksRuns).where(eq(tasksRuns.webhookUrl, "https://hooks.example/crash"));
    expect(run!.status).toBe("success");
    expect(await deliveriesOf(run!.id)).toMatchObject([{ status: "pending", url: "https://hooks.example/crash" }]);
  });

  it("leaves no webhook when the finish rolls back", async () => {
    const user = await newUser();
    const { run } = await createTaskWithRun({
      ctx: file.ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "p", webhook_url: "https://hooks.example/rollback" } },
    });
    let seenInside = -1;
    await file.database.db
      .transaction(async (tx) => {
        await finishRun({ ctx: { ...file.ctx, db: tx }, input: { runId: run.id, status: "success", result: "42", executionTime: 1 } });
        seenInside = (await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, run.id))).length;
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(seenInside).toBe(1);
    expect(await deliveriesOf(run.id)).toEqual([]);
    expect((await file.database.db.select().from(tasksRuns).where(eq(tasksRuns.id, run.id)))[0]!.status).toBe("pending");
  });

  it("queues nothing for a run without a webhook URL, and once for a run finished twice", async () => {
    const user = await newUser();
    const { run: quiet } = await createTaskWithRun({ ctx: file.ctx, caller: testCaller(user.id), input: { settings: { prompt: "p" } } });
    await finishRun({ ctx: file.ctx, input: { runId: quiet.id, status: "success", executionTime: 1 } });
    expect(await deliveriesOf(quiet.id)).toEqual([]);
    const { run } = await createTaskWithRun({
      ctx: file.ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "p", webhook_url: "https://hooks.example/twice" } },
    });
    await Promise.all([
      finishRun({ ctx: file.ctx, input: { runId: run.id, status: "success", executionTime: 1 } }),
      finishRun({ ctx: file.ctx, input: { runId: run.id, status: "cancelled" } }),
    ]);
    expect(await deliveriesOf(run.id)).toHaveLength(1);
  });
});

describe("claiming deliveries", () => {
  it("never has more than the per-endpoint limit in flight", async () => {
    await settleDueDeliveries(file.database.db);
    const user = await newUser();
    for (let i = 0; i < 6; i++) await finishedRun(user.id, `https://busy.example/hook/${i}`);
    await finishedRun(user.id, "https://quiet.example/hook");
    const claimed = await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } });
    expect(claimed.filter((d) => d.endpoint === "https://busy.example")).toHaveLength(2);
    expect(claimed.filter((d) => d.endpoint === "https://quiet.example")).toHaveLength(1);
    expect(claimed.every((d) => d.attempt === 1)).toBe(true);
    expect(await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } })).toEqual([]);

    // One answer frees one slot of its endpoint.
    const busy = claimed.find((d) => d.endpoint === "https://busy.example")!;
    await completeWebhookAttempt({
      ctx: file.ctx,
      input: { delivery: busy, outcome: { startedAt: new Date(), durationMs: 12, statusCode: 204, error: null } },
    });
    const next = await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } });
    expect(next.map((d) => d.endpoint)).toEqual(["https://busy.example"]);
    await settleDueDeliveries(file.database.db);
  });

  it("keeps the limit when another process claims at the same moment", async () => {
    await settleDueDeliveries(file.database.db);
    const user = await newUser();
    for (let i = 0; i < 4; i++) await finishedRun(user.id, `https://contended.example/hook/${i}`);
    const input = { limit: 10, perEndpoint: 2, leaseSeconds: 60 };
    // Process A has claimed but not committed yet when process B claims.
    let commitA = () => {};
    const aMayCommit = new Promise<void>((resolve) => (commitA = resolve));
    let claimedByA: ClaimedDelivery[] | undefined;
    const a = file.database.db.transaction(async (tx) => {
      claimedByA = await claimWebhookDeliveries({ ctx: { ...file.ctx, db: tx }, input });
      await aMayCommit;
    });
    while (!claimedByA) await new Promise((resolve) => setTimeout(resolve, 10));
    let claimedByB: ClaimedDelivery[] | undefined;
    const b = claimWebhookDeliveries({ ctx: file.ctx, input }).then((rows) => (claimedByB = rows));
    // B either waits for A (for the claim lock or A's rows) or is done.
    const waiting = async () =>
      Number(
        (
          await file.database.pool.query(
            "select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        ).rows[0].count,
      );
    while (!claimedByB && (await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    commitA();
    await Promise.all([a, b]);
    const all = [...claimedByA, ...claimedByB!];
    expect(new Set(all.map((d) => d.id)).size).toBe(all.length);
    expect(all.filter((d) => d.endpoint === "https://contended.example")).toHaveLength(2);
    await settleDueDeliveries(file.database.db);
  });

  it("plans the next attempt by the schedule and shows every attempt with its fields", async () => {
    await settleDueDeliveries(file.database.db);
    const user = await newUser();
    const run = await finishedRun(user.id, "https://failing.example/hook");
    const [claimed] = await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } });
    const startedAt = new Date();
    await completeWebhookAttempt({
      ctx: file.ctx,
      input: { delivery: claimed!, outcome: { startedAt, durationMs: 321.4, statusCode: 503, error: "Endpoint answered 503" } },
    });

    const { deliveries } = await listWebhookDeliveries({ ctx: file.ctx, caller: testCaller(user.id), input: { runId: run.id } });
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery).toMatchObject({ id: claimed!.id, status: "pending", status_reason: null, finished_at: null });
    expect(delivery!.attempts).toEqual([
      { attempt: 1, at: startedAt.toISOString(), status_code: 503, response_time_ms: 321, error: "Endpoint answered 503" },
    ]);
    // The first retry waits 30 s; nothing is due before then.
    const wait = (new Date(delivery!.next_attempt_at!).getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(31);
    expect(await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } })).toEqual([]);
    await expect(
      listWebhookDeliveries({ ctx: file.ctx, caller: testCaller((await newUser()).id), input: { runId: run.id } }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("gives up when the schedule is used up, and says so", async () => {
    await settleDueDeliveries(file.database.db);
    const user = await newUser();
    const run = await finishedRun(user.id, "https://down.example/hook");
    const schedule = [0];
    let claimed: ClaimedDelivery | undefined;
    for (let attempt = 1; attempt <= 2; attempt++) {
      [claimed] = await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } });
      expect(claimed?.attempt).toBe(attempt);
      await completeWebhookAttempt({
        ctx: file.ctx,
        input: {
          delivery: claimed!,
          schedule,
          outcome: { startedAt: new Date(), durationMs: 5, statusCode: null, error: "Could not connect: ECONNREFUSED" },
        },
      });
    }
    const { deliveries } = await listWebhookDeliveries({ ctx: file.ctx, caller: testCaller(user.id), input: { runId: run.id } });
    expect(deliveries[0]).toMatchObject({ status: "failed", next_attempt_at: null, finished_at: expect.any(String) });
    expect(deliveries[0]!.status_reason).toMatch(/^Gave up after 2 attempts over \d+ s$/);
    expect(deliveries[0]!.attempts.map((a) => a.attempt)).toEqual([1, 2]);
  });

  it("takes a delivery again when its worker died mid-attempt, and records the lost attempt", async () => {
    const { run, first } = await lostDelivery("https://lost.example/hook");
    const [again] = await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } });
    expect(again).toMatchObject({ id: first.id, attempt: 2 });
    // The dead worker's late answer changes nothing but its own attempt's row.
    await completeWebhookAttempt({
      ctx: file.ctx,
      input: { delivery: first, outcome: { startedAt: new Date(), durationMs: 5, statusCode: 500, error: "Endpoint answered 500" } },
    });
    expect((await deliveriesOf(run.id))[0]).toMatchObject({ status: "pending", attempts: 2 });
    await completeWebhookAttempt({
      ctx: file.ctx,
      input: { delivery: again!, outcome: { startedAt: new Date(), durationMs: 5, statusCode: 200, error: null } },
    });
    const attempts = await file.database.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, first.id))
      .orderBy(asc(webhookAttempts.attempt));
    expect(attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect((await deliveriesOf(run.id))[0]!.status).toBe("delivered");
  });

  it("records an attempt lost with its worker as such", async () => {
    const { user, run } = await lostDelivery("https://lost-quiet.example/hook");
    await claimWebhookDeliveries({ ctx: file.ctx, input: { limit: 10, perEndpoint: 2, leaseSeconds: 60 } });
    const { deliveries } = await listWebhookDeliveries({ ctx: file.ctx, caller: testCaller(user.id), input: { runId: run.id } });
    expect(deliveries[0]!.attempts).toMatchObject([{ attempt: 1, status_code: null, error: ABANDONED_ATTEMPT_ERROR }]);
    await settleDueDeliveries(file.database.db);
  });
});

describe("redelivery", () => {
  it("is a new delivery with its own id and attempts, replacing one still pending, for the run's owner only", async () => {
    await settleDueDeliveries(file.database.db);
    const owner = await newUser();
    const run = await finishedRun(owner.id, "https://again.example/hook");
    const [automatic] = await deliveriesOf(run.id);
    await expect(
      redeliverWebhook({ ctx: file.ctx, caller: testCaller((await newUser()).id), input: { runId: run.id } }),
    ).rejects.toMatchObject({
      code: "not_found",
    });

    const redelivery = await redeliverWebhook({ ctx: file.ctx, caller: testCaller(owner.id), input: { runId: run.id } });
    expect(redelivery).toMatchObject({ trigger: "redelivery", status: "pending", attempts: [], url: "https://again.example/hook" });
    expect(redelivery.id).not.toBe(automatic!.id);
    const { deliveries } = await listWebhookDeliveries({ ctx: file.ctx, caller: testCaller(owner.id), input: { runId: run.id } });
    expect(deliveries.map((d) => [d.id, d.status])).toEqual([
      [redelivery.id, "pending"],
      [automatic!.id, "replaced"],
    ]);
    expect(deliveries[1]!.status_reason).toBe("Replaced by a redelivery");

    // Two at once: each replaces the one before, and one stays pending.
    await Promise.all([
      redeliverWebhook({ ctx: file.ctx, caller: testCaller(owner.id), input: { runId: run.id } }),
      redeliverWebhook({ ctx: file.ctx, caller: testCaller(owner.id), input: { runId: run.id } }),
    ]);
    expect((await deliveriesOf(run.id)).filter((d) => d.status === "pending")).toHaveLength(1);
    await settleDueDeliveries(file.database.db);
  });

  it("is refused for a run without a webhook URL or not finished yet", async () => {
    const user = await newUser();
    const { run: quiet } = await createTaskWithRun({ ctx: file.ctx, caller: testCaller(user.id), input: { settings: { prompt: "p" } } });
    await finishRun({ ctx: file.ctx, input: { runId: quiet.id, status: "success", executionTime: 1 } });
    await expect(redeliverWebhook({ ctx: file.ctx, caller: testCaller(user.id), input: { runId: quiet.id } })).rejects.toMatchObject({
      code: "conflict",
      message: "This run has no webhook URL.",
    });
    const { run: running } = await createTaskWithRun({
      ctx: file.ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "p", webhook_url: "https://hooks.example/x" } },
    });
    await expect(redeliverWebhook({ ctx: file.ctx, caller: testCaller(user.id), input: { runId: running.id } })).rejects.toMatchObject({
      code: "conflict",
    });
  });
});
