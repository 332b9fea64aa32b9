import {
  CHALLENGE_SITE_KEYS,
  FAKE_CAPTCHA_CLIENT_KEY,
  launchTestChromium,
  startFakeCaptchaSolver,
  startFixtureSites,
} from "@errand/testkit";
import type { FakeCaptchaSolver, FixtureSites } from "@errand/testkit";
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CaptchaSolverProtocol, ChallengeKind } from "../types/captcha.ts";
import { detectChallenges } from "./detect-challenges.ts";
import { solveChallengesOnPage } from "./solve-challenges-on-page.ts";
import { createCaptchaSolver } from "./solver-client.ts";

// Real Chromium on the fixture challenge pages, the fake solver over HTTP: each widget is found,
// solved and answered in place, and the page's own server-side check decides "Welcome".

let browser: Browser;
let sites: FixtureSites;
let fake: FakeCaptchaSolver;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, sites, fake] = await Promise.all([launchTestChromium(), startFixtureSites(), startFakeCaptchaSolver()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), sites?.close(), fake?.close()]);
});
beforeEach(async () => {
  fake.reset();
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(() => context.close());

const solverFor = (protocol: CaptchaSolverProtocol, timeoutMs?: number) =>
  createCaptchaSolver({ url: fake.url, key: FAKE_CAPTCHA_CLIENT_KEY, protocol, timeoutMs, pollMs: { first: 5, max: 20 } });

/** Each widget page, how its form is sent, and the site key the solver must be asked for. */
const WIDGETS: { kind: ChallengeKind; path: string; submit: string; siteKey?: string }[] = [
  { kind: "recaptcha-v2", path: "/challenge-recaptcha-v2", submit: "Subscribe", siteKey: CHALLENGE_SITE_KEYS["recaptcha-v2"] },
  { kind: "recaptcha-v3", path: "/challenge-recaptcha-v3", submit: "Subscribe", siteKey: CHALLENGE_SITE_KEYS["recaptcha-v3"] },
  { kind: "hcaptcha", path: "/challenge-hcaptcha", submit: "Subscribe", siteKey: CHALLENGE_SITE_KEYS.hcaptcha },
  { kind: "turnstile", path: "/challenge-turnstile", submit: "Subscribe", siteKey: CHALLENGE_SITE_KEYS.turnstile },
  { kind: "image", path: "/challenge-image", submit: "Send" },
];

const heading = (target: Page | Frame) => target.locator("h1").innerText();

async function open(path: string) {
  await page.goto(sites.url + path);
  await page.waitForLoadState("load");
}

/** The widget's response fields and the page's "Verified" line: all empty while untouched. */
const traces = (target: Page | Frame) =>
  target.evaluate(() => {
    const doc = (
      globalThis as unknown as {
        document: { querySelectorAll(s: string): ArrayLike<{ value: string }>; querySelector(s: string): { textContent: string } | null };
      }
    ).document;
    const values = Array.from(doc.querySelectorAll('[name$="-response"], #captcha-answer'), (f) => f.value).filter(Boolean);
    return { values, status: doc.querySelector("#captcha-status")?.textContent ?? "" };
  });

describe("solveChallengesOnPage", () => {
  for (const protocol of ["task", "form"] as const) {
    it.each(WIDGETS)(
      `solves the $kind challenge over the ${protocol} protocol, and the page lets the visitor through`,
      async ({ kind, path, submit, siteKey }) => {
        await open(path);
        const outcomes = await solveChallengesOnPage(page, solverFor(protocol));
        expect(outcomes).toMatchObject([{ kind, ok: true, pageUrl: sites.url + path }]);
        expect(outcomes[0]?.summary).toMatch(/^Solved an? .+ challenge in \d+\.\d s$/);
        expect(outcomes[0]?.costUsd).toBe(protocol === "task" ? fake.tasks[0]?.costUsd : undefined);
        expect(fake.tasks).toMatchObject([{ protocol, kind, ...(siteKey ? { websiteKey: siteKey, websiteURL: sites.url + path } : {}) }]);
        if (kind === "recaptcha-v3") expect(fake.tasks[0]?.action).toBe("subscribe");
        if (kind === "recaptcha-v2" || kind === "hcaptcha" || kind === "turnstile") {
          // The page's data-callback ran.
          await expect.poll(async () => (await traces(page)).status).toBe("Verified");
        }
        // Solved challenges are not sent again.
        expect(await solveChallengesOnPage(page, solverFor(protocol))).toEqual([]);
        expect(fake.tasks).toHaveLength(1);

        await page.getByRole("button", { name: submit }).click();
        await expect.poll(() => heading(page)).toBe("Welcome");
      },
    );
  }

  it.each(WIDGETS)("without a solve, the $kind page does not let the visitor through", async ({ path, submit }) => {
    await open(path);
    const checkbox = page.locator('.g-recaptcha input[type="checkbox"], .h-captcha input[type="checkbox"]');
    if ((await checkbox.count()) > 0) await checkbox.click();
    await page.getByRole("button", { name: submit }).click();
    await expect.poll(() => heading(page)).toBe("Verification failed");
  });

  it('passes the "Just a moment..." checkpoint: the page\'s callback posts the token and the cookie lets it through', async () => {
    const response = await page.goto(`${sites.url}/challenge-interstitial`);
    expect(response?.status()).toBe(403);
    const [challenge] = await detectChallenges(page);
    expect(challenge).toMatchObject({ kind: "turnstile", interstitial: true, siteKey: CHALLENGE_SITE_KEYS.interstitial, solved: false });
    const outcomes = await solveChallengesOnPage(page, solverFor("task"));
    expect(outcomes).toMatchObject([{ kind: "turnstile", ok: true }]);
    await expect.poll(() => heading(page)).toBe("Welcome");
    await page.reload();
    expect(await heading(page)).toBe("Welcome");
  });

  it("finds and solves a challenge inside a cross-origin iframe, for the iframe's URL", async () => {
    await open("/challenge-framed");
    const frame = page.frames().find((f) => f.url().startsWith(sites.otherOrigin))!;
    await frame.waitForSelector(".h-captcha textarea", { state: "attached" });
    const found = await detectChallenges(page);
    expect(found).toMatchObject([
      { kind: "hcaptcha", frameUrl: `${sites.otherOrigin}/challenge-hcaptcha`, pageUrl: `${sites.otherOrigin}/challenge-hcaptcha` },
    ]);
    expect(found[0]?.frame).toBe(frame);

    expect(await solveChallengesOnPage(page, solverFor("form"))).toMatchObject([{ kind: "hcaptcha", ok: true }]);
    expect(fake.tasks[0]?.websiteURL).toBe(`${sites.otherOrigin}/challenge-hcaptcha`);
    await frame.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => heading(page.frames().find((f) => f.url().startsWith(sites.otherOrigin))!)).toBe("Welcome");
  });

  it.each([
    { failure: "unsolvable" as const, error: "the solver service could not solve it (ERROR_CAPTCHA_UNSOLVABLE)", errorCode: "unsolvable" },
    { failure: "zero-balance" as const, error: "the solver account has no balance left (ERROR_ZERO_BALANCE)", errorCode: "zero-balance" },
    { failure: "never-ready" as const, error: "no answer from the solver service within 0.3 s", errorCode: "timeout" },
  ])("reports a $failure solver and leaves the page untouched", async ({ failure, error, errorCode }) => {
    fake.setFailure(failure);
    await open("/challenge-turnstile");
    // 0.3 s only where the wait itself is under test: a busy machine may answer slower than that.
    const outcomes = await solveChallengesOnPage(page, solverFor("task", failure === "never-ready" ? 300 : 10_000));
    expect(outcomes).toMatchObject([{ kind: "turnstile", ok: false, error, errorCode }]);
    expect(outcomes[0]?.summary).toBe(`Could not solve a Turnstile challenge: ${error}`);
    expect(JSON.stringify(outcomes)).not.toContain(FAKE_CAPTCHA_CLIENT_KEY);
    expect(await traces(page)).toEqual({ values: [], status: "" });
    expect(await detectChallenges(page)).toMatchObject([{ kind: "turnstile", solved: false }]);
  });

  it('a token the site rejects ends in the page\'s own "Verification failed"', async () => {
    fake.setFailure("bad-token");
    await open("/challenge-hcaptcha");
    expect(await solveChallengesOnPage(page, solverFor("task"))).toMatchObject([{ kind: "hcaptcha", ok: true }]);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => heading(page)).toBe("Verification failed");
  });

  it("finds nothing, and asks the solver nothing, on pages without a challenge", async () => {
    for (const path of ["/", "/login", "/shop", "/form"]) {
      await open(path);
      expect(await detectChallenges(page), path).toEqual([]);
      expect(await solveChallengesOnPage(page, solverFor("task")), path).toEqual([]);
    }
    expect(fake.requests).toEqual([]);
  });
});
