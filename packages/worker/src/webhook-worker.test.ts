import { createAddressPolicy } from "@errand/agent";
import { WEBHOOK_DELIVERY_ID_HEADER } from "@errand/contract";
import { createLogger } from "@errand/services/logging";
import { getWebhookSecret, redeliverWebhook } from "@errand/services/webhooks";
import type { ServiceContext } from "@errand/services";
import { createFinishedRun, createTestAccount, serviceTest, testCaller } from "@errand/services/testing";
import { describe, expect } from "vitest";
import { webhookWorkersFor } from "./testing/webhook-workers.ts";
import { startWebhookWorker } from "./webhook-worker.ts";

// A database of its own (the workers here take every due delivery in it), real HTTP receivers
// on loopback, and webhook workers as each process runs them.
const it = serviceTest.extend("databaseOptions", { isolated: true });
let ctx: ServiceContext;
const logLines: string[] = [];

it.beforeAll(({ ctx: fileCtx }) => {
  ctx = { ...fileCtx, log: createLogger("debug", (line) => logLines.push(line)) };
});
const { receiver, worker, receivers, workers, untilDelivered } = webhookWorkersFor(() => ctx);

const newUser = () => createTestAccount(ctx);

const finishedRun = (userId: string, webhookUrl: string) => createFinishedRun(ctx, userId, { webhookUrl, result: "done" });

describe("webhook worker", () => {
  it("delivers to a fast endpoint while a slow one holds its requests", async () => {
    const slow = await receiver({ hold: true });
    const fast = await receiver();
    const running = worker([slow, fast], { timeoutMs: 60_000 });
    const user = await newUser();
    for (let i = 0; i < 3; i++) await finishedRun(user.id, `${slow.url}?n=${i}`);
    await slow.waitForInFlight(2);
    const run = await finishedRun(user.id, fast.url);

    await fast.waitFor(1);
    // The slow endpoint still holds both its requests, unanswered.
    expect(slow.inFlight()).toBe(2);
    expect(slow.answered()).toBe(0);
    expect(JSON.parse(fast.received[0]!.body)).toMatchObject({ event: "run.finished", run: { id: run.id } });
    slow.release();
    await slow.waitFor(3);
    await running.stop();
  });

  it("never has more requests in flight at one endpoint than the limit, across processes", async () => {
    const endpoint = await receiver({ delayMs: 150 });
    const user = await newUser();
    const runs = [];
    for (let i = 0; i < 8; i++) runs.push(await finishedRun(user.id, `${endpoint.url}?n=${i}`));
    // Two "processes", each with room for ten deliveries, started once all eight are due: on a
    // busy machine runs made one by one could each be delivered before the next was made.
    const processes = [worker([endpoint]), worker([endpoint])];
    for (const run of runs) await untilDelivered(user.id, { runId: run.id }, (status) => status === "delivered");
    expect(endpoint.received).toHaveLength(8);
    // The default limit is 2, and it was reached: deliveries do run side by side.
    expect(endpoint.maxInFlight()).toBe(2);
    await Promise.all(processes.map((p) => p.stop()));
  });

  it("retries a failing endpoint on the schedule with one delivery id, gives up and says so, and redelivers with a new id", async () => {
    const failing = await receiver({ failures: 1000 });
    const running = worker([failing], { schedule: [0.2, 0.3] });
    const user = await newUser();
    const run = await finishedRun(user.id, failing.url);

    const [delivery] = await untilDelivered(user.id, { runId: run.id }, (status) => status === "failed");
    expect(failing.received).toHaveLength(3);
    // The same delivery on every attempt: one id in the header and in the body.
    for (const request of failing.received) {
      expect(request.headers[WEBHOOK_DELIVERY_ID_HEADER]).toBe(delivery!.id);
      expect(JSON.parse(request.body).delivery_id).toBe(delivery!.id);
    }
    expect(delivery).toMatchObject({ status: "failed", next_attempt_at: null });
    expect(delivery!.status_reason).toMatch(/^Gave up after 3 attempts/);
    expect(delivery!.attempts.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, 500, "Endpoint answered 500"],
      [2, 500, "Endpoint answered 500"],
      [3, 500, "Endpoint answered 500"],
    ]);
    expect(delivery!.attempts.every((a) => typeof a.response_time_ms === "number" && a.at)).toBe(true);

    failing.heal();
    const redelivery = await redeliverWebhook({ ctx, caller: testCaller(user.id), input: { runId: run.id } });
    const [latest] = await untilDelivered(user.id, { runId: run.id }, (status) => status === "delivered");
    expect(latest!.id).toBe(redelivery.id);
    expect(latest!.attempts).toMatchObject([{ attempt: 1, status_code: 204, error: null }]);
    expect(failing.received.at(-1)!.headers[WEBHOOK_DELIVERY_ID_HEADER]).toBe(redelivery.id);
    await running.stop();
  });

  it("says why a request got no answer", async () => {
    const closed = await receiver();
    await closed.close();
    const silent = await receiver({ hold: true });
    const running = worker([closed, silent], { schedule: [], timeoutMs: 300 });
    const user = await newUser();
    const refused = await finishedRun(user.id, closed.url);
    const unanswered = await finishedRun(user.id, silent.url);
    const [first] = await untilDelivered(user.id, { runId: refused.id }, (status) => status === "failed");
    expect(first!.attempts[0]!.error).toMatch(/^Could not connect: .*ECONNREFUSED/);
    const [second] = await untilDelivered(user.id, { runId: unanswered.id }, (status) => status === "failed");
    expect(second!.attempts[0]!.error).toBe("No answer within 0.3 s");
    await running.stop();
  });

  it("refuses a host name that resolves to a private address when the connection is made, before connecting", async () => {
    const inside = await receiver();
    const { port } = new URL(inside.url);
    // DNS rebinding: the rule's lookup sees a public address, the connection's a moment later loopback.
    const policy = createAddressPolicy({}, async () => ["93.184.216.34"]);
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    const running = startWebhookWorker({ ctx, network: {}, policy, resolve }, { pollMs: 50 });
    workers.push(running);
    const user = await newUser();
    const run = await finishedRun(user.id, `http://rebind.example:${port}/hook`);
    const [delivery] = await untilDelivered(user.id, { runId: run.id }, (status) => status !== "pending");
    expect(delivery).toMatchObject({
      status: "failed",
      status_reason: expect.stringMatching(/^Refused: rebind\.example resolves to 127\.0\.0\.1/),
    });
    expect(delivery!.attempts).toHaveLength(1);
    expect(inside.connections()).toBe(0);
    await running.stop();
  });

  it("never writes the signing secret or a signature to the log", async () => {
    const flaky = await receiver({ failures: 1 });
    const running = worker([flaky], { schedule: [0.1] });
    const user = await newUser();
    const secret = await getWebhookSecret({ ctx, caller: testCaller(user.id), input: {} });
    const run = await finishedRun(user.id, flaky.url);
    await untilDelivered(user.id, { runId: run.id }, (status) => status === "delivered");
    await running.stop();

    const signatures = receivers.flatMap((r) => r.received.map((request) => String(request.headers["errand-signature"]).split("v1=")[1]!));
    expect(signatures.length).toBeGreaterThanOrEqual(2);
    // Every attempt here and in the tests before was logged, at debug level and up.
    expect(logLines.filter((line) => line.includes("webhook attempt")).length).toBeGreaterThanOrEqual(2);
    const log = logLines.join("\n");
    expect(log).not.toContain("whsec_");
    expect(log).not.toContain(secret);
    for (const signature of signatures) expect(log).not.toContain(signature);
  });
});
