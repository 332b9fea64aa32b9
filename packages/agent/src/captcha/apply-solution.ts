import type { Frame, Page } from "playwright-core";
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
    await waitForResponseField(frame, challenge);
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

/** The response fields a widget renders, by kind (the page's own names win: data-response-field-name). */
const RESPONSE_FIELDS: Partial<Record<DetectedChallenge["kind"], string[]>> = {
  "recaptcha-v2": ["g-recaptcha-response"],
  hcaptcha: ["h-captcha-response", "g-recaptcha-response"],
  turnstile: ["cf-turnstile-response"],
};
/** How long a widget's script may take to render its field once the challenge is seen. */
const FIELD_WAIT_MS = 10_000;

/**
 * A widget's script (loaded async on most pages, from a CDN) renders its response field when it
 * runs; a token put in before that has nowhere to go, and the script's empty field is what the
 * form then sends. So wait, within a bound, for the field; past it, apply anyway (the callback
 * may be all the page needs).
 */
async function waitForResponseField(frame: Frame, challenge: DetectedChallenge): Promise<void> {
  const names = RESPONSE_FIELDS[challenge.kind];
  if (!names) return;
  // A string, not a function: code that runs in pages is never passed through a build step
  // (browser/in-page-script.ts).
  const present = `(() => {
    const el = ${JSON.stringify(challenge.selector ?? null)} ? document.querySelector(${JSON.stringify(challenge.selector ?? "")}) : null;
    const widget = el && el.tagName === "IFRAME" ? el.parentElement : el;
    const own = widget && widget.getAttribute("data-response-field-name");
    const names = own ? [own] : ${JSON.stringify(names)};
    return names.some((name) => (widget || document).querySelector('[name="' + name + '"]') !== null);
  })()`;
  await frame.waitForFunction(present, undefined, { timeout: FIELD_WAIT_MS, polling: 100 }).catch(() => undefined);
}
