import type { CaptchaErrorCode } from "./types.ts";

/** A solve that did not produce an answer. The message is fit for the run page: no key, no URL path. */
export class CaptchaSolveError extends Error {
  override readonly name = "CaptchaSolveError";
  readonly code: CaptchaErrorCode;
  /** The service's own error code (ERROR_ZERO_BALANCE), when it gave one. */
  readonly serviceCode?: string;
  constructor(code: CaptchaErrorCode, message: string, serviceCode?: string) {
    super(message);
    this.code = code;
    this.serviceCode = serviceCode;
  }
}

/** Error codes of the shared protocols (both spell them the same), by what they mean for us. */
const SERVICE_CODES: [RegExp, CaptchaErrorCode, string][] = [
  [
    /^ERROR_(KEY_DOES_NOT_EXIST|WRONG_USER_KEY|KEY_DENIED_ACCESS|IP_NOT_ALLOWED|IP_BANNED|ACCOUNT_SUSPENDED)$/,
    "bad-key",
    "the solver service does not accept the configured key",
  ],
  [/^ERROR_ZERO_BALANCE$/, "zero-balance", "the solver account has no balance left"],
  [/^ERROR_CAPTCHA_UNSOLVABLE$/, "unsolvable", "the solver service could not solve it"],
  [/^ERROR_NO_SLOT(_AVAILABLE)?$/, "busy", "the solver service is busy, try again later"],
  [
    /^ERROR_(TASK_NOT_SUPPORTED|TASK_ABSENT|BAD_PARAMETERS|WRONG_ACTION|INVALID_TASK_DATA)$/,
    "unsupported",
    "the solver service does not take this kind of challenge",
  ],
];

/**
 * An error for a code the service answered with. Only the code (which is a fixed vocabulary) and
 * a scrubbed, short description go into the message.
 */
export function serviceError(serviceCode: string, description: string | undefined, scrub: (text: string) => string): CaptchaSolveError {
  const cleaned = scrub(serviceCode);
  const safeCode = /^[A-Z0-9_]{1,64}$/.test(cleaned) ? cleaned : "an unknown error";
  const known = SERVICE_CODES.find(([pattern]) => pattern.test(safeCode));
  if (known) return new CaptchaSolveError(known[1], `${known[2]} (${safeCode})`, safeCode);
  const detail = description ? `: ${scrub(description).replace(/\s+/g, " ").slice(0, 160)}` : "";
  return new CaptchaSolveError("service", `the solver service refused the task (${safeCode})${detail}`, safeCode);
}
