import { CHALLENGE_SITE_KEYS, FAKE_CAPTCHA_CLIENT_KEY, issueCaptchaToken, startFakeCaptchaSolver } from "@errand/testkit";
import type { FakeCaptchaSolver } from "@errand/testkit";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeEach, describe, expect } from "vitest";
import { createCaptchaSolver } from "../captcha/solver-client.ts";
import { agentTest } from "../testing/agent-test.ts";
import { answer } from "../testing/turns.ts";
import { indexOf, latestState, toolResults } from "../testing/harness.ts";
import type { Harness } from "../testing/harness.ts";
import type { AgentEvent } from "../types/result.ts";
import { createTakeover } from "./takeover.ts";

// The agent on the fixture challenge pages through the fake model: challenges are solved by the
// fake solver over HTTP as steps of their own, or handed to a "person" (the test) through the
// take-over, and the page's own server-side check decides "Welcome".

const it = agentTest;
let h: Harness;
let fake: FakeCaptchaSolver;
it.beforeAll(async ({ agent }) => {
  h = agent;
  fake = await startFakeCaptchaSolver();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => fake.reset());

const solver = () => createCaptchaSolver({ url: fake.url, key: FAKE_CAPTCHA_CLIENT_KEY, protocol: "task", pollMs: { first: 5, max: 20 } });

/** The model: send the form, then answer with the heading of the page it sees. */
function subscribeThenReport() {
  h.model.setResponder((req, i) => {
    if (i === 0) return { toolCalls: [{ name: "click", arguments: { index: indexOf(req, "Subscribe") } }] };
    return answer(latestState(req).includes("Welcome") ? "Welcome" : "Not let through");
  });
}

describe("captcha challenges in the loop", () => {
  it.each([
    { kind: "turnstile", path: "/challenge-turnstile", label: "Turnstile", article: "a" },
    { kind: "recaptcha-v2", path: "/challenge-recaptcha-v2", label: "reCAPTCHA v2", article: "a" },
    // Solved before the widget's script has run: the token must wait for the widget's own field.
    { kind: "turnstile", path: "/challenge-turnstile-late", label: "Turnstile", article: "a" },
  ] as const)(
    "solves the $label challenge as a step of its own, and the page lets the agent through",
    async ({ kind, path, label, article }) => {
      subscribeThenReport();
      const { result, steps } = await h.run({
        task: { prompt: "Subscribe to the newsletter", initialUrl: h.sites.url + path },
        captchaSolver: solver(),
      });

      expect(result).toMatchObject({ status: "success", result: "Welcome", steps: 3 });
      expect(steps.map((s) => s.number)).toEqual([1, 2, 3]);
      const solve = steps[0]!;
      expect(solve.actions).toEqual([{ name: "solve_captcha", input: { kind, page_url: h.sites.url + path }, ok: true }]);
      expect(solve.extractedContent).toMatch(
        new RegExp(
          `^Solved ${article} ${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} challenge in \\d+\\.\\d s \\(solver cost \\$0\\.\\d{4}\\)\\.$`,
        ),
      );
      expect(solve).toMatchObject({ success: null, error: null, inputTokens: 0, outputTokens: 0 });
      expect(solve.screenshot?.length).toBeGreaterThan(1_000);
      // The solver was asked for this page's widget, once: the solved challenge is not sent again.
      expect(fake.tasks).toMatchObject([{ kind, websiteKey: CHALLENGE_SITE_KEYS[kind], websiteURL: h.sites.url + path }]);
      // The model heard of the solve before it acted.
      expect(latestState(h.model.chatRequests()[0]!)).toContain(`Solved ${article} ${label} challenge`);
      expect(steps[1]?.actions.map((a) => a.name)).toEqual(["click"]);
    },
  );

  it("costs one small check a step when no challenge appears (no solve step, no solver call)", async () => {
    h.model.enqueue(answer("ok"));
    const { result, steps } = await h.run({ task: { prompt: "Look", initialUrl: `${h.sites.url}/shop` }, captchaSolver: solver() });
    expect(result.status).toBe("success");
    expect(steps.map((s) => s.actions[0]?.name)).toEqual(["done"]);
    expect(fake.requests).toHaveLength(0);
  });

  it("records a failed solve with why, then asks for a person", async () => {
    const broke = await startFakeCaptchaSolver({ failure: "zero-balance" });
    try {
      const events: AgentEvent[] = [];
      const failing = createCaptchaSolver({
        url: broke.url,
        key: FAKE_CAPTCHA_CLIENT_KEY,
        protocol: "task",
        pollMs: { first: 5, max: 20 },
      });
      const { result, steps } = await h.run({
        task: { prompt: "Subscribe", initialUrl: `${h.sites.url}/challenge-turnstile` },
        captchaSolver: failing,
        takeover: createTakeover(),
        limits: { personWaitMs: 100 },
        onEvent: (e) => void events.push(e),
      });
      expect(steps).toHaveLength(1);
      expect(steps[0]?.actions[0]).toMatchObject({ name: "solve_captcha", ok: false });
      expect(steps[0]?.extractedContent).toMatch(/^Could not solve a Turnstile challenge: .*balance/i);
      expect(steps[0]?.error).toBe(steps[0]?.extractedContent);
      const asked = events.find((e) => e.type === "needs_person");
      expect(asked && "reason" in asked ? asked.reason : "").toMatch(
        /^The page shows a Turnstile challenge that the agent cannot solve \(the solver failed: .*\)\.$/,
      );
      expect(result.status).toBe("failed");
      expect(h.model.chatRequests()).toHaveLength(0);
    } finally {
      await broke.close();
    }
  });
});

describe("a person is needed", () => {
  const reason = "The page shows a Turnstile challenge that the agent cannot solve (no captcha solver is configured).";

  it("without a live view, ends at once with the reason", async () => {
    const { result, steps } = await h.run({ task: { prompt: "Subscribe", initialUrl: `${h.sites.url}/challenge-turnstile` } });
    expect(result).toMatchObject({
      status: "failed",
      reason: `${reason} No person can take control of this run (it has no live view), so it stopped.`,
    });
    expect(steps).toHaveLength(0);
    expect(h.model.chatRequests()).toHaveLength(0);
  });

  it("waits with its clock stopped until a person takes control and hands back, then goes on from their page", async () => {
    subscribeThenReport();
    const takeover = createTakeover();
    const events: AgentEvent[] = [];
    let context: BrowserContext | undefined;
    const { result, steps } = await h.run({
      task: { prompt: "Subscribe to the newsletter", initialUrl: `${h.sites.url}/challenge-turnstile` },
      takeover,
      // A session timeout shorter than the person's turn: the wait does not count.
      limits: { timeoutMs: 20_000 },
      contextSetup: async (c) => void (context = c),
      onEvent: (event) => {
        events.push(event);
        if (event.type !== "needs_person") return;
        // The person: takes control, solves the widget (a token from the fake service), hands back.
        takeover.take();
        void (async () => {
          const page = context!.pages()[0]!;
          const token = issueCaptchaToken({ kind: "turnstile", siteKey: CHALLENGE_SITE_KEYS.turnstile });
          // As a person would, once the widget has drawn its field: the run asks as soon as it
          // sees the challenge, which on a busy machine is before the widget's script has run.
          await page.waitForSelector('[name="cf-turnstile-response"]', { state: "attached" });
          await page.evaluate((t) => {
            const doc = (globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }).document;
            doc.querySelector('[name="cf-turnstile-response"]')!.value = t;
          }, token);
          takeover.release();
        })();
      },
    });
    expect(events.filter((e) => e.type !== "step" && e.type !== "log")).toEqual([
      { type: "needs_person", reason },
      { type: "person_done", handedBack: true },
    ]);
    expect(result).toMatchObject({ status: "success", result: "Welcome" });
    expect(steps.map((s) => s.actions[0]?.name)).toEqual(["click", "done"]);
    expect(latestState(h.model.chatRequests()[0]!)).toContain("handed it back");
  });

  it("ends failed with the reason when no person takes control in time", async () => {
    const events: AgentEvent[] = [];
    const { result } = await h.run({
      task: { prompt: "Subscribe", initialUrl: `${h.sites.url}/challenge-turnstile` },
      takeover: createTakeover(),
      limits: { personWaitMs: 300 },
      onEvent: (e) => void events.push(e),
    });
    expect(result).toMatchObject({ status: "failed", reason: `${reason} No person took control within 0.3 s, so the run stopped.` });
    expect(events.filter((e) => e.type === "person_done")).toEqual([{ type: "person_done", handedBack: false }]);
  });

  it("lets the model ask for a person (ask_person), offered only when a person can take over", async () => {
    const takeover = createTakeover();
    const events: AgentEvent[] = [];
    h.model.setResponder((_req, i) =>
      i === 0
        ? { toolCalls: [{ name: "ask_person", arguments: { reason: "The page asks to pick all traffic lights." } }] }
        : answer("thanks"),
    );
    const { result, steps } = await h.run({
      task: { prompt: "Look", initialUrl: `${h.sites.url}/shop` },
      takeover,
      onEvent: (event) => {
        events.push(event);
        if (event.type !== "needs_person") return;
        takeover.take();
        setTimeout(() => takeover.release(), 20);
      },
    });
    expect(result.status).toBe("success");
    expect(events.find((e) => e.type === "needs_person")).toEqual({
      type: "needs_person",
      reason: "The page asks to pick all traffic lights.",
    });
    expect(steps[0]?.actions).toEqual([{ name: "ask_person", input: { reason: "The page asks to pick all traffic lights." }, ok: true }]);
    const [first, second] = h.model.chatRequests();
    expect(first?.toolNames).toContain("ask_person");
    expect(second && toolResults(second)[0]).toMatch(/A person has been asked/);
    expect(second && latestState(second)).toMatch(/You asked for a person .* handed it back/);

    h.model.reset();
    h.model.enqueue(answer("ok"));
    await h.run({ task: { prompt: "Look", initialUrl: `${h.sites.url}/shop` } });
    expect(h.model.chatRequests()[0]?.toolNames).not.toContain("ask_person");
  });
});
