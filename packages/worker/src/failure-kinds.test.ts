import type { FailureKind, RunSettingsInput } from "@errand/contract";
import { createLiveRuns } from "@errand/services/live";
import { cancelRun, createTaskWithRun, getRun } from "@errand/services/runs";
import { testCaller } from "@errand/services/testing";
import type { ChatRequest, FakeTurn } from "@errand/testkit";
import { pollFor } from "@errand/testkit/testing";
import { describe, expect, vi } from "vitest";
import { workerTest, type TestWorker } from "./testing/test-worker.ts";

// Every failure kind a run can end with, produced end to end (docs/adr/0042-failure-kinds.md):
// the fake model plays a scenario named in the prompt, the worker runs it in Chromium against
// the fixture sites, and the run as the API shows it says why in `failure.kind`. Kinds set by
// services alone (interrupted, internal, verification_failed) are in services' runs tests; a
// page that keeps crashing (page_error) is in the agent's browser-trouble tests.

vi.setConfig({ testTimeout: 90_000 });
const liveRuns = createLiveRuns();
/** A live view (so a person can be asked for) whose wait is short; $1,000 per million input tokens for the cost cap. */
const it = workerTest
  .extend("workerOptions", { liveRuns, personWaitMs: 1_000 })
  .extend("contextConfig", { scope: "file" }, { billingEnabled: false, modelPrices: { "gpt-4.1": { input: 1000, output: 0 } } });

const turns = (req: ChatRequest) => req.messages.filter((m) => m.role === "assistant").length;
const call = (name: string, args: unknown): FakeTurn => ({
  toolCalls: [{ name, arguments: args }],
  usage: { prompt_tokens: 500, completion_tokens: 10 },
});
const giveUp = (why: string) => call("done", { success: false, text: why });

/** What the model does in each scenario, by turn: the scenario's name is the prompt's first word. */
function scenarios(sites: string): Record<string, (turn: number) => FakeTurn> {
  const thenGiveUp = (first: FakeTurn) => (turn: number) => (turn === 0 ? first : giveUp("I cannot go on."));
  return {
    blocked: thenGiveUp(call("navigate", { url: "http://169.254.169.254/latest/meta-data" })),
    unreachable: thenGiveUp(call("navigate", { url: "http://errand-failure-kinds.invalid/" })),
    captcha: thenGiveUp(call("navigate", { url: `${sites}/challenge-turnstile` })),
    person: thenGiveUp(call("ask_person", { reason: "Type the code sent to your phone." })),
    login: thenGiveUp(call("navigate", { url: `${sites}/login` })),
    missing: () => call("click", { index: 9999 }),
    model: () => ({ error: { status: 400, message: "The model refused the request." } }),
    walk: (turn) => call("navigate", { url: `${sites}/news/item/${turn + 1}` }),
    hang: () => ({ hang: true }),
    gaveup: thenGiveUp(call("navigate", { url: `${sites}/shop` })),
    stuck: () => call("scroll", { direction: "up" }),
    badanswer: () => call("done", { success: true, data: { price: "twelve" } }),
  };
}

function playScenarios(worker: TestWorker) {
  const table = scenarios(worker.sites.url);
  worker.model.setResponder((req) => {
    const prompt = req.messages.find((m) => m.role === "user")?.text ?? "";
    const name = Object.keys(table).find((key) => prompt.includes(`[${key}]`));
    return name ? table[name]!(turns(req)) : giveUp("No scenario.");
  });
}

const PRICE_SCHEMA = { type: "object", properties: { price: { type: "number" } }, required: ["price"] };

/** Each kind, the run that produces it, and a word of the message it ends with. */
const CASES: { kind: FailureKind; settings: RunSettingsInput; message: RegExp }[] = [
  { kind: "navigation_blocked", settings: { prompt: "[blocked] read the metadata" }, message: /could not complete the task/ },
  { kind: "site_unreachable", settings: { prompt: "[unreachable] open the site" }, message: /could not complete the task/ },
  { kind: "captcha_unsolved", settings: { prompt: "[captcha] subscribe" }, message: /Turnstile challenge that the agent cannot solve/ },
  { kind: "person_needed_timeout", settings: { prompt: "[person] sign in" }, message: /No person took control within 1 s/ },
  { kind: "login_required", settings: { prompt: "[login] read my account" }, message: /could not complete the task/ },
  { kind: "element_not_found", settings: { prompt: "[missing] click the button" }, message: /There is no element \[9999\]/ },
  { kind: "model_error", settings: { prompt: "[model] anything" }, message: /The model call failed/ },
  { kind: "budget_exhausted", settings: { prompt: "[walk] read the news", max_cost_usd: 1 }, message: /cost limit of \$1\.00/ },
  { kind: "step_limit", settings: { prompt: "[walk] read the news", max_steps: 2 }, message: /step limit of 2 steps/ },
  { kind: "agent_gave_up", settings: { prompt: "[gaveup] buy the lamp" }, message: /could not complete the task/ },
  { kind: "agent_stuck", settings: { prompt: "[stuck] read the top" }, message: /repeated the same action|consecutive failed steps/ },
  {
    kind: "invalid_answer",
    settings: { prompt: "[badanswer] the price", response_format: "json", json_schema: PRICE_SCHEMA },
    message: /did not fit the JSON schema after 3 attempts/,
  },
  {
    kind: "setup_problem",
    settings: { prompt: "[gaveup] the price", response_format: "json", json_schema: { type: "nonsense" } },
    message: /JSON schema is invalid/,
  },
  { kind: "time_limit", settings: { prompt: "[hang] wait", session_timeout: 30 }, message: /within the session timeout of 30 s/ },
];

describe("a run that does not succeed says why as a kind", () => {
  it.for(CASES)("$kind", async ({ kind, settings, message }, { worker }) => {
    playScenarios(worker);
    const user = await worker.newUser();
    const { run } = await createTaskWithRun({ ctx: worker.ctx, caller: testCaller(user.id), input: { settings } });
    const ended = await worker.waitForEnd(user.id, run.id, 60_000);
    expect(ended.run.failure).toEqual({ kind, message: ended.run.status_reason });
    expect(ended.run.status_reason).toMatch(message);
  });

  it("cancelled: a run stopped while it works", async ({ worker }) => {
    playScenarios(worker);
    const user = await worker.newUser();
    const caller = testCaller(user.id);
    const { run } = await createTaskWithRun({ ctx: worker.ctx, caller, input: { settings: { prompt: "[hang] wait" } } });
    await pollFor(async () => (await getRun({ ctx: worker.ctx, caller, input: { runId: run.id, withSteps: false } })).run.started_at, {
      timeout: 30_000,
      message: "the run to start",
    });
    const cancelled = await cancelRun({ ctx: worker.ctx, caller, input: { runId: run.id } });
    expect(cancelled.failure).toEqual({ kind: "cancelled", message: "Cancelled by the user." });
  });

  it("a successful run has no failure", async ({ worker }) => {
    worker.model.setResponder(() => call("done", { success: true, text: "fine" }));
    const user = await worker.newUser();
    const { run } = await createTaskWithRun({ ctx: worker.ctx, caller: testCaller(user.id), input: { settings: { prompt: "hello" } } });
    const ended = await worker.waitForEnd(user.id, run.id);
    expect(ended.run).toMatchObject({ status: "success", failure: null });
  });
});
