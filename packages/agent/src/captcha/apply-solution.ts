import type { Page } from "playwright-core";
import { loadInPageScript } from "../browser/in-page-script.ts";
import { pageFunction } from "../observe/page-function.ts";
import type { CaptchaSolution } from "../types/captcha.ts";
import type { DetectedChallenge } from "./types.ts";

const APPLY_TOKEN = pageFunction<
  { kind: string; selector?: string; callback?: string; token: string },
  { fields: number; callback: "called" | "missing" | "none"; executeReplaced: boolean }
>(loadInPageScript(new URL("./in-page/apply-token.js", import.meta.url)));

export interface AppliedSolution {
  ok: boolean;
  /** What was done, for the step record ("filled 1 response field, called onCaptchaSolved"). */
  detail: string;
}

/**
 * Puts a solver's answer where the page expects it: a token into the widget's response fields and
 * the page's callback (and, for reCAPTCHA v3, the execute() the page calls on submit); an image's
 * text into its text box. Submits nothing: the agent carries on with the page as a visitor would.
 * `page` is the page the challenge was detected on (the challenge names its frame).
 */
export async function applySolution(page: Page, challenge: DetectedChallenge, solution: CaptchaSolution): Promise<AppliedSolution> {
  const frame = challenge.frame;
  if (frame.page() !== page || frame.isDetached()) return { ok: false, detail: "the frame holding the challenge is gone" };
  try {
    if (challenge.kind === "image") {
      if (solution.text === undefined || !challenge.inputSelector) return { ok: false, detail: "no text box for the answer" };
      await frame.fill(challenge.inputSelector, solution.text, { timeout: 5000 });
      return { ok: true, detail: "typed the answer into the text box" };
    }
    if (solution.token === undefined) return { ok: false, detail: "the solver returned no token" };
    const done = await frame.evaluate(APPLY_TOKEN, {
      kind: challenge.kind,
      selector: challenge.selector,
      callback: challenge.callback,
      token: solution.token,
    });
    const parts: string[] = [];
    if (done.fields > 0) parts.push(`filled ${done.fields} response field${done.fields > 1 ? "s" : ""}`);
    if (done.callback === "called") parts.push(`called ${challenge.callback}`);
    if (done.callback === "missing") parts.push(`the page has no ${challenge.callback} to call`);
    if (done.executeReplaced) parts.push("answered grecaptcha.execute");
    const ok = done.fields > 0 || done.callback === "called" || done.executeReplaced;
    return { ok, detail: ok ? parts.join(", ") : "found nowhere on the page to put the token" };
  } catch {
    return { ok: false, detail: "the page changed while the answer was being put in place" };
  }
}
