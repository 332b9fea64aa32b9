import { createServer } from "node:net";
import { FAKE_CAPTCHA_CLIENT_KEY, readCaptchaToken, startFakeCaptchaSolver } from "@errand/testkit";
import type { FakeCaptchaSolver } from "@errand/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CaptchaRequest, CaptchaSolverProtocol } from "../types/captcha.ts";
import { CaptchaSolveError } from "./captcha-error.ts";
import { createCaptchaSolver } from "./solver-client.ts";

// The client against the fake service over HTTP on loopback, for both shared protocols.

const FAST_POLL = { first: 5, max: 20 };
let fake: FakeCaptchaSolver;

beforeAll(async () => {
  fake = await startFakeCaptchaSolver();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const solverFor = (protocol: CaptchaSolverProtocol, overrides: { key?: string; url?: string; timeoutMs?: number } = {}) =>
  createCaptchaSolver({
    url: overrides.url ?? fake.url,
    key: overrides.key ?? FAKE_CAPTCHA_CLIENT_KEY,
    protocol,
    timeoutMs: overrides.timeoutMs,
    pollMs: FAST_POLL,
  });

const turnstile: CaptchaRequest = { kind: "turnstile", pageUrl: "http://127.0.0.1:9/signup", siteKey: "0x4AAAAAAAclienttest" };

async function failure(promise: Promise<unknown>): Promise<CaptchaSolveError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CaptchaSolveError);
  return error as CaptchaSolveError;
}

describe("createCaptchaSolver", () => {
  it.each(["task", "form"] as const)("gets a token for each token widget over the %s protocol", async (protocol) => {
    const solver = solverFor(protocol);
    for (const request of [
      { kind: "recaptcha-v2", pageUrl: "http://127.0.0.1:9/a", siteKey: "6Lv2" },
      { kind: "recaptcha-v3", pageUrl: "http://127.0.0.1:9/b", siteKey: "6Lv3", action: "login" },
      { kind: "hcaptcha", pageUrl: "http://127.0.0.1:9/c", siteKey: "hc-key" },
      turnstile,
    ] satisfies CaptchaRequest[]) {
      const solution = await solver.solve(request);
      expect(readCaptchaToken(solution.token ?? ""), request.kind).toMatchObject({ kind: request.kind, siteKey: request.siteKey });
      expect(solution.taskId).toMatch(/^\d+$/);
      // Only the JSON protocol reports the price.
      expect(solution.costUsd).toBe(protocol === "task" ? fake.tasks.at(-1)?.costUsd : undefined);
    }
    expect(fake.tasks.map((t) => [t.protocol, t.kind, t.websiteURL])).toEqual([
      [protocol, "recaptcha-v2", "http://127.0.0.1:9/a"],
      [protocol, "recaptcha-v3", "http://127.0.0.1:9/b"],
      [protocol, "hcaptcha", "http://127.0.0.1:9/c"],
      [protocol, "turnstile", "http://127.0.0.1:9/signup"],
    ]);
    expect(fake.tasks[1]?.action).toBe("login");
  });

  it("keeps the key out of URLs: both protocols send it in the request body", async () => {
    await solverFor("form").solve(turnstile);
    await solverFor("task").solve(turnstile);
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) {
      expect(request.method).toBe("POST");
      expect(request.path).not.toContain(FAKE_CAPTCHA_CLIENT_KEY);
    }
  });

  it("on auto, falls back to the form protocol when the service has no JSON API", async () => {
    const formOnly = await startFakeCaptchaSolver({ protocols: ["form"] });
    try {
      const solver = createCaptchaSolver({ url: formOnly.url, key: FAKE_CAPTCHA_CLIENT_KEY, pollMs: FAST_POLL });
      expect(solver.protocol).toBe("auto");
      const solution = await solver.solve(turnstile);
      expect(readCaptchaToken(solution.token ?? "")).toMatchObject({ kind: "turnstile" });
      expect(solver.protocol).toBe("form");
      expect(await solver.balance()).toBeCloseTo(10 - 0.0015);
    } finally {
      await formOnly.close();
    }
  });

  it.each(["task", "form"] as const)(
    "says why when the service cannot solve it, has no balance or refuses the key (%s)",
    async (protocol) => {
      fake.setFailure("unsolvable");
      const unsolvable = await failure(solverFor(protocol).solve(turnstile));
      expect(unsolvable).toMatchObject({ code: "unsolvable", serviceCode: "ERROR_CAPTCHA_UNSOLVABLE" });
      expect(unsolvable.message).toBe("the solver service could not solve it (ERROR_CAPTCHA_UNSOLVABLE)");

      fake.setFailure("zero-balance");
      const broke = await failure(solverFor(protocol).solve(turnstile));
      expect(broke).toMatchObject({ code: "zero-balance", message: "the solver account has no balance left (ERROR_ZERO_BALANCE)" });

      fake.setFailure(undefined);
      // The fake echoes a rejected key in its error description, as some services do.
      const secretKey = "sk-live-SECRET-do-not-leak-7f3a";
      const refused = await failure(solverFor(protocol, { key: secretKey }).solve(turnstile));
      expect(refused.code).toBe("bad-key");
      for (const text of [refused.message, String(refused.stack), JSON.stringify(refused)]) expect(text).not.toContain(secretKey);
    },
  );

  it("gives up with a timeout error when the answer never comes", async () => {
    fake.setFailure("never-ready");
    const error = await failure(solverFor("task", { timeoutMs: 300 }).solve(turnstile));
    expect(error).toMatchObject({ code: "timeout", message: "no answer from the solver service within 0.3 s" });
    expect(fake.tasks[0]?.polls).toBeGreaterThan(1);
  });

  it("stops when the caller aborts", async () => {
    fake.setFailure("never-ready");
    const controller = new AbortController();
    const solving = solverFor("form").solve(turnstile, controller.signal);
    controller.abort();
    expect(await failure(solving)).toMatchObject({ code: "aborted", message: "the solve was cancelled" });
  });

  it("names only the host when the service cannot be reached", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const port = (server.address() as { port: number }).port;
        server.close(() => resolve(port));
      });
    });
    const error = await failure(
      solverFor("task", { url: `http://127.0.0.1:${closedPort}/api?key=${FAKE_CAPTCHA_CLIENT_KEY}` }).solve(turnstile),
    );
    expect(error.code).toBe("network");
    expect(error.message).toBe(`could not reach the solver service at 127.0.0.1:${closedPort} (ECONNREFUSED)`);
  });
});
