import { costCapReason, stepCapQuestion, stepCapReason, type RunSettingsInput } from "@errand/contract";
import { createTaskWithRun, getRun, setRunLimits } from "@errand/services/runs";
import { testCaller } from "@errand/services/testing";
import type { ChatRequest } from "@errand/testkit";
import { pollFor } from "@errand/testkit/testing";
import { describe, expect, vi } from "vitest";
import { workerTest, type TestWorker } from "./testing/test-worker.ts";

// A run's caps (docs/adr/0037-spending-limits.md), judged by the worker after each step from
// what is stored on the run: the run stops with a reason naming the cap, or waits for a person
// to raise it. Billing is off here: the cost is the model spend at MODEL_PRICES alone, which
// self-hosters see and cap too.

vi.setConfig({ testTimeout: 90_000 });
/** $1,000 per million input tokens: each step's 500 tokens cost $0.50 (5,000 credit units). */
const it = workerTest.extend(
  "contextConfig",
  { scope: "file" },
  { billingEnabled: false, modelPrices: { "gpt-4.1": { input: 1000, output: 0 } } },
);

const assistantTurns = (req: ChatRequest) => req.messages.filter((m) => m.role === "assistant").length;

/** The model opens a new news item each step (never the same page twice) and is done after `doneAfter` steps, if the prompt says. */
function walk(worker: TestWorker) {
  worker.model.setResponder((req) => {
    const turns = assistantTurns(req);
    const usage = { prompt_tokens: 500, completion_tokens: 10 };
    const doneAfter = /\[done after (\d+)\]/.exec(req.messages.map((m) => m.text).join("\n"))?.[1];
    if (doneAfter && turns >= Number(doneAfter))
      return { toolCalls: [{ name: "done", arguments: { success: true, text: "walked" } }], usage };
    return { toolCalls: [{ name: "navigate", arguments: { url: `${worker.sites.url}/news/item/${turns + 1}` } }], usage };
  });
}

/** A new person's walking run with these settings: the person, as a caller too, and the run. */
async function startWalk(worker: TestWorker, settings: RunSettingsInput) {
  walk(worker);
  const user = await worker.newUser();
  const caller = testCaller(user.id);
  const { run } = await createTaskWithRun({ ctx: worker.ctx, caller, input: { settings } });
  return { user, caller, run };
}

describe("a run's caps", () => {
  it("stops a run at its step limit with a reason naming it", async ({ worker }) => {
    const { user, run } = await startWalk(worker, { prompt: "walk", max_steps: 3 });
    const ended = await worker.waitForEnd(user.id, run.id);
    expect(ended.run).toMatchObject({ status: "failed", status_reason: stepCapReason(3), max_steps: 3 });
    expect(ended.run.status_reason).toBe("Stopped: reached its step limit of 3 steps");
    expect(ended.steps).toHaveLength(3);
  });

  it("stops a run at its cost limit, and shows its model spend", async ({ worker }) => {
    const { user, run } = await startWalk(worker, { prompt: "walk", max_cost_usd: 1 });
    const ended = await worker.waitForEnd(user.id, run.id);
    expect(ended.run).toMatchObject({ status: "failed", status_reason: costCapReason(1), max_cost_usd: 1, cost: 0 });
    expect(ended.run.status_reason).toBe("Stopped: reached its cost limit of $1.00");
    // Two steps of 500 input tokens at $1,000 per million: $1.00, in credit units.
    expect(ended.steps).toHaveLength(2);
    expect(ended.run.model_cost).toBe(10_000);
  });

  it("stops before a model call its cost limit cannot cover, instead of one step over it", async ({ worker }) => {
    const { user, run } = await startWalk(worker, { prompt: "walk", max_cost_usd: 1.2 });
    const ended = await worker.waitForEnd(user.id, run.id);
    // After two steps ($1.00) a third call of about 500 tokens ($0.50) would pass $1.20: none is made.
    expect(ended.run).toMatchObject({ status: "failed", status_reason: costCapReason(1.2) });
    expect(ended.run.failure?.kind).toBe("budget_exhausted");
    expect(ended.steps).toHaveLength(2);
    expect(ended.run).toMatchObject({ input_tokens: 1000, model_cost: 10_000 });
  });

  it("makes no model call at all when its cost limit cannot cover the first prompt", async ({ worker }) => {
    const callsBefore = worker.model.chatRequests().length;
    const { user, run } = await startWalk(worker, { prompt: "walk", max_cost_usd: 0.01 });
    const ended = await worker.waitForEnd(user.id, run.id);
    expect(ended.run).toMatchObject({ status: "failed", status_reason: "Stopped: reached its cost limit of $0.01", input_tokens: 0 });
    expect(ended.steps).toHaveLength(0);
    expect(worker.model.chatRequests()).toHaveLength(callsBefore);
  });

  it("asks at its limit when told to, and goes on once a person raises it", async ({ worker }) => {
    const { user, caller, run } = await startWalk(worker, { prompt: "walk [done after 4]", max_steps: 2, on_limit: "ask" });
    const waiting = await pollFor(
      async () => (await getRun({ ctx: worker.ctx, caller, input: { runId: run.id, withSteps: false } })).run,
      (r) => r.needs_person !== null,
      { timeout: 30_000, message: "the run to ask at its step limit" },
    );
    expect(waiting).toMatchObject({ status: "pending", needs_person: stepCapQuestion(2) });

    expect(await setRunLimits({ ctx: worker.ctx, caller, input: { runId: run.id, limits: { max_steps: 10 } } })).toEqual({
      max_cost_usd: null,
      max_steps: 10,
      on_limit: "ask",
    });
    const ended = await worker.waitForEnd(user.id, run.id);
    expect(ended.run).toMatchObject({ status: "success", result: "walked", needs_person: null, max_steps: 10 });
    expect(ended.steps).toHaveLength(5);
  });

  it("stops a run after its current step when its limit is lowered while it goes on", async ({ worker }) => {
    const { user, caller, run } = await startWalk(worker, { prompt: "walk", max_steps: 40 });
    await pollFor(
      async () => (await getRun({ ctx: worker.ctx, caller, input: { runId: run.id, withSteps: true } })).steps.length,
      (n) => n >= 1,
      { timeout: 30_000, message: "the run's first step" },
    );
    await setRunLimits({ ctx: worker.ctx, caller, input: { runId: run.id, limits: { max_steps: 1 } } });
    const ended = await worker.waitForEnd(user.id, run.id);
    expect(ended.run).toMatchObject({ status: "failed", status_reason: "Stopped: reached its step limit of 1 step", max_steps: 1 });
    expect(ended.steps.length).toBeLessThan(40);
  });

  it("refuses to change the limits of a run that has ended", async ({ worker }) => {
    const { user, caller, run } = await startWalk(worker, { prompt: "walk [done after 1]" });
    await worker.waitForEnd(user.id, run.id);
    await expect(setRunLimits({ ctx: worker.ctx, caller, input: { runId: run.id, limits: { max_steps: 5 } } })).rejects.toMatchObject({
      code: "conflict",
    });
  });
});
