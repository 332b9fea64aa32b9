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
// the worker has it solved as a step.

vi.setConfig({ testTimeout: 90_000 });
const liveRuns = createLiveRuns();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let harness: TestWorker;
let solving: TestWorker;
let fake: FakeCaptchaSolver;

const assistantTurns = (req: ChatRequest) => req.messages.filter((m) => m.role === "assistant").length;
const lastUserText = (req: ChatRequest) => req.messages.filter((m) => m.role === "user").at(-1)?.text ?? "";

/** The model: open the challenge page, then send the form once it may, and report the heading. */
function respond(target: TestWorker) {
  target.model.setResponder((req) => {
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
    startTestWorker({ liveRuns, allowHosts: [receiver.host] }),
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
