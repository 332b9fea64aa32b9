import type { Frame } from "playwright-core";
import type { CaptchaRequest, ChallengeKind } from "../types/captcha.ts";

/** How a kind reads in a step ("Solved a Turnstile challenge in 11 s"). */
export const CHALLENGE_LABELS: Record<ChallengeKind, string> = {
  "recaptcha-v2": "reCAPTCHA v2",
  "recaptcha-v3": "reCAPTCHA v3",
  hcaptcha: "hCaptcha",
  turnstile: "Turnstile",
  image: "image captcha",
};

/** One challenge found on the page. */
export interface DetectedChallenge extends CaptchaRequest {
  /** The frame holding it (the page's main frame or an iframe). */
  frame: Frame;
  frameUrl: string;
  /** CSS selector of the widget container (or of the image), within `frame`. */
  selector?: string;
  /** Image kind: CSS selector of the text box the answer goes in. */
  inputSelector?: string;
  /** Name of the page's global callback (data-callback), when it declares one. */
  callback?: string;
  /** A full-page checkpoint ("Just a moment...") rather than a widget in a form. */
  interstitial?: boolean;
  /** A response is already in place (solved earlier, by us or a person). */
  solved: boolean;
}

/** The outcome of one challenge in solveChallengesOnPage: a step of the run. */
export interface ChallengeOutcome {
  kind: ChallengeKind;
  ok: boolean;
  /** Detection to answer in place (fetching the image, solving, applying). */
  ms: number;
  costUsd?: number;
  pageUrl: string;
  /** Why it failed, in words fit for the run page (never contains the solver key). */
  error?: string;
  /** CaptchaSolveError code when the solver failed, "apply" when the answer could not be put in place. */
  errorCode?: CaptchaErrorCode | "apply" | "image";
  /** "Solved a Turnstile challenge in 11 s" / "Could not solve a reCAPTCHA v2 challenge: ...". */
  summary: string;
}

export type CaptchaErrorCode =
  | "bad-key"
  | "zero-balance"
  | "unsolvable"
  | "unsupported"
  | "busy"
  | "service"
  | "network"
  | "protocol"
  | "timeout"
  | "aborted";
