import type { Frame } from "playwright-core";

export type ChallengeKind = "recaptcha-v2" | "recaptcha-v3" | "hcaptcha" | "turnstile" | "image";

/** How a kind reads in a step ("Solved a Turnstile challenge in 11 s"). */
export const CHALLENGE_LABELS: Record<ChallengeKind, string> = {
  "recaptcha-v2": "reCAPTCHA v2",
  "recaptcha-v3": "reCAPTCHA v3",
  hcaptcha: "hCaptcha",
  turnstile: "Turnstile",
  image: "image captcha",
};

/** What a solver service needs to solve one challenge. */
export interface CaptchaRequest {
  kind: ChallengeKind;
  /** URL of the document the widget is in (the frame's, when it is in a frame). */
  pageUrl: string;
  /** The widget's site key (token kinds). */
  siteKey?: string;
  /** reCAPTCHA v3 / Turnstile action. */
  action?: string;
  /** reCAPTCHA v2 rendered invisible (data-size="invisible"). */
  invisible?: boolean;
  /** The picture, base64 without a data: prefix (image kind). */
  imageBase64?: string;
}

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

/** A solver service's answer. */
export type CaptchaSolution = ({ token: string; text?: undefined } | { text: string; token?: undefined }) & {
  /** What the service charged, when it says (the JSON protocol does). */
  costUsd?: number;
  /** From submitting the task to having the answer. */
  ms: number;
  /** The service's task id (for support tickets). */
  taskId: string;
};

export type CaptchaSolverProtocol = "auto" | "task" | "form";

export interface CaptchaSolver {
  /** The protocol in use ("auto" until the first call settles it). */
  readonly protocol: CaptchaSolverProtocol;
  solve(request: CaptchaRequest, signal?: AbortSignal): Promise<CaptchaSolution>;
  /** Account balance in USD. */
  balance(signal?: AbortSignal): Promise<number>;
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

export type CaptchaErrorCode = "bad-key" | "zero-balance" | "unsolvable" | "unsupported" | "busy" | "service" | "network" | "protocol" | "timeout" | "aborted";
