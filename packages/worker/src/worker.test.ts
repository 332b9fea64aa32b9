import { stepSchema } from "@errand/contract";
import { tasks, tasksRuns, userCredits, webhookAttempts, webhookDeliveries } from "@errand/db";
import { cancelRun, createTaskWithRun, getRun } from "@errand/services/runs";
import { getWebhookSecret, verifyWebhookSignature } from "@errand/services/webhooks";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { testCaller } from "@errand/services/testing";
import type { FakeModelServer, FixtureSites } from "@errand/testkit";
import { pollFor } from "@errand/testkit/testing";
import { asc, eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import type { RunningWorker } from "./index.ts";
import { workerTest, type TestWorker } from "./testing/test-worker.ts";
import { startWebhookReceiver } from "./testing/webhook-receiver.ts";

// Real processes, Chromium and a model round trip per step: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 90_000 });
// The webhook receiver (failing twice) first: the worker is let through to it.
const it = workerTest
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none here.
  .extend("hooks", { scope: "file" }, async ({}, { onCleanup }) => {
    const receiver = await startWebhookReceiver({ failures: 2 });
    onCleanup(() => receiver.close());
    return receiver;
  })
  .extend("workerOptions", ({ hooks }) => ({ allowHosts: [hooks.host] }));
let harness: TestWorker;
let db: TestWorker["db"];
let ctx: ServiceContext;
let storage: FileStorage;
let model: FakeModelServer;
let sites: FixtureSites;
let worker: RunningWorker;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;

it.beforeAll(({ worker: fileWorker, hooks: receiver }) => {
  [harness, hooks] = [fileWorker, receiver];
  ({ db, ctx, storage, model, sites, worker } = harness);
});

const newUser = () => harness.newUser();
/** Every webhook attempt of a run, oldest first. */
const attemptsOf = (runId: string) =>
  db
    .select({
      attempt: webhookAttempts.attempt,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
      status: webhookDeliveries.status,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookAttempts.deliveryId, webhookDeliveries.id))
    .where(eq(webhookDeliveries.runId, runId))
    .orderBy(asc(webhookAttempts.attempt));
const waitForStatus = (userId: string, runId: string, timeoutMs?: number) => harness.waitForEnd(userId, runId, timeoutMs);

describe("worker", () => {
  it("runs a task from creation to success: steps, screenshots, billing and a signed webhook (retried)", async () => {
    const user = await newUser();
    // Route by prompt so parallel tests never take each other's scripted turns.
    model.setResponder((req) =>
      req.messages.some((m) => m.text.includes("price of the laptop"))
        ? { toolCalls: [{ name: "done", arguments: { success: true, text: "The laptop costs $1,299.00" } }] }
        : { hang: true },
    );
    const { run } = await createTaskWithRun({
      ctx,
      caller: testCaller(user.id),
      input: {
        settings: { prompt: "Find the price of the laptop", initial_url: `${sites.url}/shop/product/1007`, webhook_url: hooks.url },
      },
    });
    const { run: done, steps } = await waitForStatus(user.id, run.id);
    expect(done).toMatchObject({ status: "success", result: "The laptop costs $1,299.00" });
    expect(done.execution_time).toBeGreaterThan(0);
    expect(done.input_tokens).toBeGreaterThan(0);
    expect(steps.length).toBeGreaterThanOrEqual(1);
    expect(steps.at(-1)).toMatchObject({ success: true, has_screenshot: true });
    // The step's actions in the contract's shape, as the API answers them.
    expect(stepSchema.parse(steps.at(-1)).action).toEqual([
      { name: "done", input: { success: true, text: "The laptop costs $1,299.00" }, ok: true, error: null },
    ]);

    const [row] = await db.select().from(tasksRuns).where(eq(tasksRuns.id, run.id));
    const [stepRow] = await db.query.steps.findMany({ where: (s, { eq: equals }) => equals(s.taskRunId, run.id) });
    const file = await storage.get(stepRow!.screenshotKey!);
    expect(file?.data.length).toBeGreaterThan(1000);
    expect(row!.cost).toBe(0);
    expect((await db.select().from(userCredits).where(eq(userCredits.userId, user.id)))[0]!.freePrompts).toBe(4);

    // The receiver fails twice; the third delivery succeeds, and every attempt is logged.
    await hooks.waitFor(3);
    const secret = await getWebhookSecret({ ctx, caller: testCaller(user.id), input: {} });
    const last = hooks.received.at(-1)!;
    expect(verifyWebhookSignature(secret, last.headers["errand-signature"] as string, last.body)).toBe(true);
    expect(JSON.parse(last.body)).toMatchObject({ event: "run.finished", run: { id: run.id, status: "success" } });
    // The attempt is logged once the response is in: wait for the third row.
    const attempts = await pollFor(
      () => attemptsOf(run.id),
      (rows) => rows.length >= 3,
      { timeout: 10_000, interval: 100 },
    );
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 204]);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts[0]!.status).toBe("delivered");
  });

  it("stops a cancelled run within seconds", async () => {
    const user = await newUser();
    model.setResponder(() => ({ hang: true }));
    const { run } = await createTaskWithRun({
      ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "Wait forever", initial_url: `${sites.url}/news` } },
    });
    const startedAt = async () => (await db.select().from(tasksRuns).where(eq(tasksRuns.id, run.id)))[0]!.startedAt;
    await expect.poll(startedAt, { timeout: 15_000, interval: 100, message: "run never started" }).not.toBeNull();
    const cancelledAt = Date.now();
    await cancelRun({ ctx, caller: testCaller(user.id), input: { runId: run.id } });
    await expect.poll(() => worker.active(), { timeout: 10_000, interval: 100 }).toBe(0);
    expect(worker.active()).toBe(0);
    expect(Date.now() - cancelledAt).toBeLessThan(5_000);
    expect((await getRun({ ctx, caller: testCaller(user.id), input: { runId: run.id } })).run.status).toBe("cancelled");
  });

  it("ends a run that outlives its session timeout as failed, with the reason", async () => {
    const user = await newUser();
    model.setResponder((req) =>
      req.messages.some((m) => m.text.includes("slow-task"))
        ? { toolCalls: [{ name: "scroll", arguments: { direction: "down" } }], delayMs: 700 }
        : { hang: true },
    );
    // The API's minimum is 30 s: the rows are written directly with 2 s, then queued.
    const settings = { prompt: "slow-task: scroll forever", initialUrl: `${sites.url}/long`, sessionTimeout: 2 };
    const [task] = await db
      .insert(tasks)
      .values({ userId: user.id, workspaceId: user.id, ...settings })
      .returning();
    const [run] = await db
      .insert(tasksRuns)
      .values({ taskId: task!.id, userId: user.id, workspaceId: user.id, ...settings })
      .returning();
    await ctx.queue.enqueueRun(run!.id);
    const { run: ended } = await waitForStatus(user.id, run!.id);
    expect(ended.status).toBe("failed");
    expect(ended.status_reason).toMatch(/time/i);
  });

  it("refuses a webhook to a private address and records why", async () => {
    const user = await newUser();
    model.setResponder(() => ({ toolCalls: [{ name: "done", arguments: { success: true, text: "ok" } }] }));
    // Written while the server allowed private addresses (creation refuses them otherwise); the
    // worker's rule refuses it when it is used.
    const { run } = await createTaskWithRun({
      ctx: { ...ctx, network: { allowPrivate: true } },
      caller: testCaller(user.id),
      input: { settings: { prompt: "Say ok", webhook_url: "http://169.254.169.254/latest/meta-data/" } },
    });
    await waitForStatus(user.id, run.id);
    const deadline = Date.now() + 15_000;
    let attempts: Awaited<ReturnType<typeof attemptsOf>> = [];
    while (attempts.length === 0 && Date.now() < deadline) {
      attempts = await attemptsOf(run.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.error).toMatch(/^Refused:/);
    expect(attempts[0]!.statusCode).toBeNull();
    // Retrying cannot help: the delivery gives up at once.
    expect(attempts[0]!.status).toBe("failed");
  });
});
