import { answerApproval } from "@errand/services/approvals";
import { createLiveRuns } from "@errand/services/live";
import { createTaskWithRun, getRun } from "@errand/services/runs";
import { createWebhook } from "@errand/services/webhooks";
import { testCaller } from "@errand/services/testing";
import { FAKE_CAPTCHA_CLIENT_KEY, startFakeCaptchaSolver, type ChatRequest, type FakeCaptchaSolver } from "@errand/testkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pollFor } from "@errand/testkit/testing";
import { startTestWorker, type TestWorker } from "./testing/test-worker.ts";
import { startWebhookReceiver } from "./testing/webhook-receiver.ts";

// A run meets a Turnstile challenge: without a solver it waits for a person (the run shows why,
// the webhooks get run.needs_person) and goes on after the hand-back; with the solver configured
// the worker has it solved as a step. A run that must have a payment approved waits for a
// person's answer the same way (docs/adr/0048-approval-before-irreversible-actions.md).

vi.setConfig({ testTimeout: 90_000 });
const liveRuns = createLiveRuns();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let harness: TestWorker;
let solving: TestWorker;
let fake: FakeCaptchaSolver;

const assistantTurns = (req: ChatRequest) => req.messages.filter((m) => m.role === "assistant").length;
const lastUserText = (req: ChatRequest) => req.messages.filter((m) => m.role === "user").at(-1)?.text ?? "";

const firstUserText = (req: ChatRequest) => req.messages.find((m) => m.role === "user")?.text ?? "";

/**
 * What the models of payment tasks share: open the page at `path` first; once the person denied,
 * give up with their note; once the page says `paid`, report it. Null: the task's own next move.
 */
function paymentTurn(target: TestWorker, req: ChatRequest, path: string, paid: string) {
  if (assistantTurns(req) === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${target.sites.url}${path}` } }] };
  const denied = /The person denied: ([^."]*)/.exec(JSON.stringify(req.messages))?.[1];
  if (denied) return { toolCalls: [{ name: "done", arguments: { success: false, text: `Not paid: ${denied}` } }] };
  if (lastUserText(req).includes(paid)) return { toolCalls: [{ name: "done", arguments: { success: true, text: "Paid" } }] };
  return null;
}

/** The model of an "[approval]" task: open the invoice, press Pay now, and report what came of it. */
function payInvoice(target: TestWorker, req: ChatRequest) {
  const shared = paymentTurn(target, req, "/approval/invoice", "Payment received");
  if (shared) return shared;
  const index = /\[(\d+)\]<button[^>]*>Pay now/.exec(lastUserText(req))?.[1];
  return { toolCalls: [{ name: "click", arguments: { index: Number(index) } }] };
}

/**
 * The model of an "[approval-enter]" task: open the card form, type the card number and press
 * Enter (with `type`'s press_enter, or with press_keys when the task says "keys"), and report.
 */
function payByCardWithEnter(target: TestWorker, req: ChatRequest) {
  const shared = paymentTurn(target, req, "/approval/card", "Card accepted");
  if (shared) return shared;
  const index = Number(/\[(\d+)\]<input[^>]*cardnumber/.exec(lastUserText(req))?.[1]);
  const text = "4242 4242 4242 4242";
  if (!firstUserText(req).includes("keys")) return { toolCalls: [{ name: "type", arguments: { index, text, press_enter: true } }] };
  return {
    toolCalls: [
      { name: "type", arguments: { index, text } },
      { name: "press_keys", arguments: { keys: "Enter" } },
    ],
  };
}

/** The model: open the challenge page, then send the form once it may, and report the heading. */
function respond(target: TestWorker) {
  target.model.setResponder((req) => {
    if (firstUserText(req).includes("[approval]")) return payInvoice(target, req);
    if (firstUserText(req).includes("[approval-enter]")) return payByCardWithEnter(target, req);
    if (assistantTurns(req) === 0)
      return { toolCalls: [{ name: "navigate", arguments: { url: `${target.sites.url}/challenge-turnstile` } }] };
    const text = lastUserText(req);
    if (text.includes("Welcome")) return { toolCalls: [{ name: "done", arguments: { success: true, text: "Welcome" } }] };
    if (/Solved a Turnstile challenge|handed it back/.test(text)) {
      const index = /\[(\d+)\]<button[^>]*>Subscribe/.exec(text)?.[1];
      if (index) return { toolCalls: [{ name: "click", arguments: { index: Number(index) } }] };
    }
    return { toolCalls: [{ name: "done", arguments: { success: false, text: "Not let through" } }] };
  });
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  fake = await startFakeCaptchaSolver();
  [harness, solving] = await Promise.all([
    // Approvals wait 8 s here instead of the setting's 30 s at least.
    startTestWorker({ liveRuns, allowHosts: [receiver.host], approvalWaitMs: 8_000 }),
    startTestWorker({ captchaSolver: { url: fake.url, key: FAKE_CAPTCHA_CLIENT_KEY, protocol: "task" } }),
  ]);
  respond(harness);
  respond(solving);
});
afterAll(async () => {
  await Promise.all([harness?.close(), solving?.close(), receiver?.close(), fake?.close()]);
});

/** Waits up to 30 s for `check` to give a value (expect.poll underneath), naming what it waits for. */
const until = <T>(check: () => T | Promise<T>, what: string) =>
  pollFor(check, { timeout: 30_000, message: `timed out waiting for ${what}` });

const REASON = "The page shows a Turnstile challenge that the agent cannot solve (no captcha solver is configured).";

describe("a run that needs a person", () => {
  it("shows why, sends run.needs_person to its webhooks, and goes on after the person hands back", async () => {
    const { ctx } = harness;
    const user = await harness.newUser();
    const caller = testCaller(user.id);
    const hook = await createWebhook({ ctx, caller, input: { url: receiver.url, events: ["run.needs_person"] } });
    const created = await createTaskWithRun({
      ctx,
      caller,
      input: { settings: { prompt: "[captcha] subscribe", webhook_url: receiver.url } },
    });
    const runId = created.run.id;

    // The run page's banner reads this.
    const waiting = await until(async () => {
      const { run } = await getRun({ ctx, caller, input: { runId, withSteps: false } });
      return run.needs_person ? run : null;
    }, "the run to ask for a person");
    expect(waiting).toMatchObject({ status: "pending", needs_person: REASON });

    const attention = await until(() => {
      const bodies = receiver.received
        .map((r) => JSON.parse(r.body) as Record<string, unknown>)
        .filter((b) => b.event === "run.needs_person");
      return bodies.length >= 2 ? bodies : null;
    }, "two run.needs_person deliveries");
    const runUrl = `${ctx.config.baseUrl}/tasks/${created.run.taskId}/task-runs/${runId}`;
    // One to the run's own webhook URL, one to the account webhook subscribed to the event.
    expect(attention.map((b) => b.webhook_id ?? null).sort()).toEqual([hook.id, null].sort());
    for (const body of attention) {
      expect(body).toMatchObject({ reason: REASON, run_url: runUrl, run: { id: runId, status: "pending", needs_person: REASON } });
    }

    // A person takes control in the live view and hands back, without solving it.
    const live = await until(() => liveRuns.get(runId), "the run to be offered live");
    live.setController("person");
    live.setController("agent");

    const { run, steps } = await harness.waitForEnd(user.id, runId);
    // Back with the agent: it looked again and could not get through (no one solved it).
    expect(run).toMatchObject({ status: "failed", needs_person: null });
    expect(run.status_reason).toContain("Not let through");
    expect(steps.length).toBeGreaterThanOrEqual(2);
    // The end's own delivery comes on top, to the run's URL only (the account webhook did not subscribe to it).
    await until(() => receiver.received.some((r) => JSON.parse(r.body).event === "run.finished"), "the run's end delivery");
    const ends = receiver.received.filter((r) => JSON.parse(r.body).event !== "run.needs_person");
    expect(ends).toHaveLength(1);
  });
});

describe("a worker with a captcha solver", () => {
  it("has the challenge solved as a step of the run, and the page lets the agent through", async () => {
    const user = await solving.newUser();
    const created = await createTaskWithRun({
      ctx: solving.ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "[captcha] subscribe" } },
    });
    const { run, steps } = await solving.waitForEnd(user.id, created.run.id);
    expect(run).toMatchObject({ status: "success", result: "Welcome" });
    const solve = steps.find((s) => s.action?.[0]?.name === "solve_captcha");
    expect(solve?.extracted_content).toMatch(/^Solved a Turnstile challenge in \d+\.\d s \(solver cost \$0\.\d{4}\)\.$/);
    expect(solve?.has_screenshot).toBe(true);
    expect(fake.tasks).toMatchObject([{ kind: "turnstile", websiteURL: `${solving.sites.url}/challenge-turnstile` }]);
  });
});

/** The run, once it waits for an approval. */
const asked = (userId: string, runId: string) =>
  until(async () => {
    const { run } = await getRun({ ctx: harness.ctx, caller: testCaller(userId), input: { runId, withSteps: false } });
    return run.needs_approval ? run : null;
  }, "the run to ask for approval");

/** How many payments the fixture page at `path` took (its form's POSTs). */
const paymentsTo = (path: string) => harness.sites.requests.filter((r) => r.method === "POST" && r.path === path).length;

/** A new person's run of a task whose payments must be approved; its id. */
async function startPaymentRun(userId: string, prompt: string) {
  const created = await createTaskWithRun({
    ctx: harness.ctx,
    caller: testCaller(userId),
    input: { settings: { prompt, approval: ["payment"] } },
  });
  return created.run.id;
}

describe("a run that must have a payment approved", () => {
  const payments = () => paymentsTo("/approval/invoice");
  const startPaying = (userId: string) => startPaymentRun(userId, "[approval] pay invoice 1042");

  it("asks before Pay now; denied, it does not pay and the model reads the note; approved, it pays and finishes", async () => {
    const { ctx } = harness;
    const user = await harness.newUser();
    const caller = testCaller(user.id);
    const before = payments();
    const hook = await createWebhook({ ctx, caller, input: { url: receiver.url, events: ["run.needs_approval"] } });

    const deniedRun = await startPaying(user.id);
    const waiting = await asked(user.id, deniedRun);
    // A chat can post the webhook's text line as it is; the links open the run and answer it.
    const delivery = await until(
      () =>
        receiver.received
          .map((r) => JSON.parse(r.body) as Record<string, unknown> & { run?: { id: string } })
          .find((b) => b.event === "run.needs_approval" && b.run?.id === deniedRun),
      "the run.needs_approval delivery",
    );
    const runUrl = `${ctx.config.baseUrl}/tasks/${waiting.task_id}/task-runs/${deniedRun}`;
    expect(delivery).toMatchObject({
      webhook_id: hook.id,
      run_url: runUrl,
      approval_url: `${ctx.config.baseUrl}/api/v1/runs/${deniedRun}/approval`,
      action: { action: "click", kind: "payment" },
    });
    expect(delivery.text).toMatch(/^Approval needed: .*Pay now/);
    expect(delivery.text).toContain(`. Approve or deny: ${runUrl}`);
    expect(waiting).toMatchObject({
      status: "pending",
      approval: ["payment"],
      needs_approval: { action: "click", kind: "payment", url: `${harness.sites.url}/approval/invoice`, has_screenshot: true },
    });
    expect(waiting.needs_approval?.element).toContain("Pay now");
    expect(waiting.needs_approval?.reason).toContain("Pay now");
    await answerApproval({ ctx, caller, input: { runId: deniedRun, answer: { decision: "deny", note: "Not this month" } } });
    const denied = await harness.waitForEnd(user.id, deniedRun);
    expect(denied.run).toMatchObject({
      status: "failed",
      needs_approval: null,
      status_reason: expect.stringContaining("Not paid: Not this month"),
    });
    expect(payments()).toBe(before);
    expect(harness.model.requests.some((r) => r.raw.includes("The person denied: Not this month"))).toBe(true);
    // Nothing waits any more: a late answer is refused with why.
    await expect(answerApproval({ ctx, caller, input: { runId: deniedRun, answer: { decision: "approve" } } })).rejects.toMatchObject({
      code: "conflict",
      message: "The run has already ended (failed): there is nothing to approve.",
    });

    const approvedRun = await startPaying(user.id);
    await asked(user.id, approvedRun);
    await answerApproval({ ctx, caller, input: { runId: approvedRun, answer: { decision: "approve" } } });
    const approved = await harness.waitForEnd(user.id, approvedRun);
    expect(approved.run).toMatchObject({ status: "success", result: "Paid", needs_approval: null });
    expect(payments()).toBe(before + 1);
  });

  it("ends with approval_timeout when no one answers in time, without paying", async () => {
    const user = await harness.newUser();
    const before = payments();
    const runId = await startPaying(user.id);
    const { run } = await harness.waitForEnd(user.id, runId);
    expect(run).toMatchObject({ status: "failed", failure: { kind: "approval_timeout" }, needs_approval: null });
    expect(run.status_reason).toMatch(/^No one approved or denied \[\d+\] .*Pay now.* within 8 s, so the run stopped\.$/);
    expect(payments()).toBe(before);
  });
});

describe("a form submitted with Enter whose payment must be approved", () => {
  const payments = () => paymentsTo("/approval/card");
  const start = (userId: string, prompt: string) => startPaymentRun(userId, `[approval-enter] ${prompt}`);

  it("asks before Enter in the card field submits it: denied after typing with Enter, approved after pressing the key", async () => {
    const { ctx } = harness;
    const user = await harness.newUser();
    const caller = testCaller(user.id);
    const before = payments();

    const deniedRun = await start(user.id, "pay invoice 1042 by card");
    const waiting = await asked(user.id, deniedRun);
    expect(waiting.needs_approval).toMatchObject({ action: "type", kind: "payment", url: `${harness.sites.url}/approval/card` });
    expect(waiting.needs_approval?.element).toMatch(/^\[\d+\] <input> Card number$/);
    expect(waiting.needs_approval?.reason).toBe(
      'Pressing Enter in <input> Card number presses "Continue". "Continue" submits a form with payment details.',
    );
    await answerApproval({ ctx, caller, input: { runId: deniedRun, answer: { decision: "deny", note: "Wrong card" } } });
    const denied = await harness.waitForEnd(user.id, deniedRun);
    expect(denied.run).toMatchObject({ status: "failed", status_reason: expect.stringContaining("Not paid: Wrong card") });
    expect(payments()).toBe(before);
    expect(harness.model.requests.some((r) => /typing into \[\d+\][^"]* and pressing Enter and denied it/.test(r.raw))).toBe(true);

    const approvedRun = await start(user.id, "pay invoice 1042 by card, pressing the keys");
    const pressing = await asked(user.id, approvedRun);
    expect(pressing.needs_approval).toMatchObject({ action: "press_keys", kind: "payment", element: "<input> Card number" });
    expect(payments()).toBe(before);
    await answerApproval({ ctx, caller, input: { runId: approvedRun, answer: { decision: "approve" } } });
    const approved = await harness.waitForEnd(user.id, approvedRun);
    expect(approved.run).toMatchObject({ status: "success", result: "Paid", needs_approval: null });
    expect(payments()).toBe(before + 1);
  });
});
