import { stepSchema } from "@errand/contract";
import { steps, tasks, tasksRuns, userCredits, webhookAttempts, webhookDeliveries } from "@errand/db";
import { cancelRun, createTaskWithRun, getRun } from "@errand/services/runs";
import { getWebhookSecret, verifyWebhookSignature } from "@errand/services/webhooks";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { testCaller } from "@errand/services/testing";
import type { ChatRequest, FakeModelServer, FixtureSites } from "@errand/testkit";
import { listRunMessages, sendRunMessage } from "@errand/services/run-messages";
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
const listRunSteps = (runId: string) => db.select().from(steps).where(eq(steps.taskRunId, runId));
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

// Messages to a running agent and allowed domains (docs/adr/0049-messages-and-allowed-domains.md).
describe("steering a run", () => {
  const MESSAGE = "Also take the rating.";
  const asked = (req: ChatRequest) => JSON.stringify(req.body).includes(MESSAGE);

  it("reads a message sent mid-run before its next step: the answer changes and the step acknowledges it", async () => {
    const user = await newUser();
    const caller = testCaller(user.id);
    // The model walks the news until the person's message reaches it, then answers with what it asks for.
    model.setResponder((req) => {
      const turns = req.messages.filter((m) => m.role === "assistant").length;
      if (asked(req)) return { toolCalls: [{ name: "done", arguments: { success: true, text: "Top story, rating 4.5" } }] };
      return { toolCalls: [{ name: "navigate", arguments: { url: `${sites.url}/news/item/${turns + 1}` } }] };
    });
    const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "Read the top story", max_steps: 15 } } });
    await expect.poll(() => listRunSteps(run.id), { timeout: 30_000, interval: 100 }).not.toHaveLength(0);
    const sent = await sendRunMessage({ ctx, caller, input: { runId: run.id, message: { text: MESSAGE } } });
    expect(sent).toMatchObject({ text: MESSAGE, read_at: null, read_in_step: null });

    const ended = await waitForStatus(user.id, run.id);
    expect(ended.run).toMatchObject({ status: "success", result: "Top story, rating 4.5" });
    const reader = model.chatRequests().find(asked)!;
    expect(JSON.stringify(reader.body)).toContain(
      `Message from the person who gave you this task (follow it as part of the task): ${MESSAGE}`,
    );
    const { messages } = await listRunMessages({ ctx, caller, input: { runId: run.id } });
    expect(messages).toHaveLength(1);
    const step = ended.steps.find((s) => s.number === messages[0]!.read_in_step)!;
    expect(step.extracted_content).toMatch(new RegExp(`^Read your message: ${MESSAGE}`));

    await expect(sendRunMessage({ ctx, caller, input: { runId: run.id, message: { text: "One more thing" } } })).rejects.toMatchObject({
      code: "conflict",
      message: "The run has already ended (success): its agent can no longer read messages.",
    });
  });

  it("keeps a run to its allowed domains: a host outside them is never reached, the refusal is a step note", async () => {
    const user = await newUser();
    // The fixture sites (127.0.0.1) are let through by the server's rule: only allowed_domains keeps the run off them.
    model.setResponder((req) => {
      const turns = req.messages.filter((m) => m.role === "assistant").length;
      if (turns === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sites.url}/news?outside-allowed=2` } }] };
      return { toolCalls: [{ name: "done", arguments: { success: false, text: "The site is outside the allowed domains." } }] };
    });
    const settings = {
      prompt: "Read the news",
      initial_url: `${sites.url}/news?outside-allowed=1`,
      allowed_domains: ["*.Example.com", "localhost"],
    };
    const { run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings } });
    const ended = await waitForStatus(user.id, run.id);

    expect(ended.run.allowed_domains).toEqual(["*.example.com", "localhost"]);
    expect(sites.requests.filter((r) => r.path.includes("outside-allowed"))).toEqual([]);
    expect(ended.steps[0]!.extracted_content).toContain("127.0.0.1 is not among the run's allowed domains (*.example.com, localhost)");
    const first = model.chatRequests().find((req) => JSON.stringify(req.body).includes("outside-allowed=1"))!;
    expect(JSON.stringify(first.body)).toContain("This run may visit only these domains: *.example.com, localhost");
  });
});
