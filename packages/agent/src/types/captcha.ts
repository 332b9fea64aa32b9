export type ChallengeKind = "recaptcha-v2" | "recaptcha-v3" | "hcaptcha" | "turnstile" | "image";

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
