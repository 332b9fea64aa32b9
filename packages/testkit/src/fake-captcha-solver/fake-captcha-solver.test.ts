import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { imageCaptchaAnswer, readCaptchaToken } from "./captcha-tokens.ts";
import { FAKE_CAPTCHA_CLIENT_KEY, startFakeCaptchaSolver } from "./start-fake-captcha-solver.ts";
import type { FakeCaptchaSolver } from "./types.ts";

let solver: FakeCaptchaSolver;

beforeAll(async () => {
  solver = await startFakeCaptchaSolver();
});
afterAll(() => solver.close());
beforeEach(() => solver.reset());

const postJson = async (path: string, body: unknown) =>
  (await (
    await fetch(solver.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  ).json()) as Record<string, unknown>;
const postForm = async (path: string, fields: Record<string, string>) =>
  (await fetch(solver.url + path, { method: "POST", body: new URLSearchParams(fields) })).text();

const turnstileTask = { type: "TurnstileTaskProxyless", websiteURL: "http://127.0.0.1:9/page", websiteKey: "0x4AAAAAAAexample" };

describe("the fake captcha solver's JSON API", () => {
  it("answers processing first, then ready with a token for the site key and the price", async () => {
    const created = await postJson("/createTask", { clientKey: FAKE_CAPTCHA_CLIENT_KEY, task: turnstileTask });
    expect(created).toMatchObject({ errorId: 0, taskId: expect.any(Number) });
    expect(await postJson("/getTaskResult", { clientKey: FAKE_CAPTCHA_CLIENT_KEY, taskId: created.taskId })).toEqual({
      errorId: 0,
      status: "processing",
    });
    const ready = await postJson("/getTaskResult", { clientKey: FAKE_CAPTCHA_CLIENT_KEY, taskId: created.taskId });
    expect(ready).toMatchObject({ errorId: 0, status: "ready", cost: "0.00150" });
    const token = (ready.solution as { token: string }).token;
    expect(readCaptchaToken(token)).toMatchObject({ kind: "turnstile", siteKey: "0x4AAAAAAAexample" });
    expect(solver.tasks).toMatchObject([{ protocol: "task", kind: "turnstile", websiteKey: "0x4AAAAAAAexample", status: "ready" }]);
    expect(solver.balanceUsd).toBeCloseTo(10 - 0.0015);
  });

  it("refuses an unknown key, an empty balance and unsupported task types with error codes", async () => {
    expect(await postJson("/createTask", { clientKey: "nope", task: turnstileTask })).toMatchObject({
      errorId: 1,
      errorCode: "ERROR_KEY_DOES_NOT_EXIST",
    });
    expect(await postJson("/createTask", { clientKey: FAKE_CAPTCHA_CLIENT_KEY, task: { type: "FunCaptchaTask" } })).toMatchObject({
      errorCode: "ERROR_TASK_NOT_SUPPORTED",
    });
    solver.setFailure("zero-balance");
    expect(await postJson("/createTask", { clientKey: FAKE_CAPTCHA_CLIENT_KEY, task: turnstileTask })).toMatchObject({
      errorId: 1,
      errorCode: "ERROR_ZERO_BALANCE",
    });
    expect(await postJson("/getBalance", { clientKey: FAKE_CAPTCHA_CLIENT_KEY })).toEqual({ errorId: 0, balance: 10 });
  });
});

describe("the fake captcha solver's form API", () => {
  it("takes a reCAPTCHA from in.php and hands the token out of res.php after CAPCHA_NOT_READY", async () => {
    const submitted = JSON.parse(
      await postForm("/in.php", {
        key: FAKE_CAPTCHA_CLIENT_KEY,
        method: "userrecaptcha",
        googlekey: "6Lexample",
        pageurl: "http://127.0.0.1:9/",
        json: "1",
      }),
    ) as { status: number; request: string };
    expect(submitted.status).toBe(1);
    const poll = () => postForm("/res.php", { key: FAKE_CAPTCHA_CLIENT_KEY, action: "get", id: submitted.request, json: "1" });
    expect(JSON.parse(await poll())).toEqual({ status: 0, request: "CAPCHA_NOT_READY" });
    const ready = JSON.parse(await poll()) as { status: number; request: string };
    expect(ready.status).toBe(1);
    expect(readCaptchaToken(ready.request)).toMatchObject({ kind: "recaptcha-v2", siteKey: "6Lexample" });
  });

  it("answers in plain text without json=1, and reads image captchas the fixture drew", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" data-fake-captcha="abcdef123"></svg>`;
    const submitted = await postForm("/in.php", {
      key: FAKE_CAPTCHA_CLIENT_KEY,
      method: "base64",
      body: Buffer.from(svg).toString("base64"),
    });
    expect(submitted).toMatch(/^OK\|\d+$/);
    const id = submitted.slice(3);
    expect(await postForm("/res.php", { key: FAKE_CAPTCHA_CLIENT_KEY, action: "get", id })).toBe("CAPCHA_NOT_READY");
    expect(await postForm("/res.php", { key: FAKE_CAPTCHA_CLIENT_KEY, action: "get", id })).toBe(`OK|${imageCaptchaAnswer("abcdef123")}`);
    expect(await postForm("/in.php", { key: "wrong", method: "base64", body: "eA==" })).toBe("ERROR_KEY_DOES_NOT_EXIST");
  });
});
