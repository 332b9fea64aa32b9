/** What the fake solver can be asked to solve. */
export type FakeCaptchaKind = "recaptcha-v2" | "recaptcha-v3" | "hcaptcha" | "turnstile" | "image";

/**
 * How the fake misbehaves, for testing failure paths:
 * - "unsolvable": tasks are accepted, then end with ERROR_CAPTCHA_UNSOLVABLE;
 * - "zero-balance": new tasks are refused with ERROR_ZERO_BALANCE;
 * - "never-ready": tasks stay "processing" forever (the client's timeout);
 * - "bad-token": tasks end "ready" with a token the verification endpoints reject.
 */
export type FakeCaptchaFailure = "unsolvable" | "zero-balance" | "never-ready" | "bad-token";

export type FakeCaptchaProtocol = "task" | "form";

export interface FakeCaptchaSolverOptions {
  /** The account key clients must send. Default FAKE_CAPTCHA_CLIENT_KEY. */
  clientKey?: string;
  /** Result polls answered "processing" / CAPCHA_NOT_READY before the answer. Default 1. */
  pollsBeforeReady?: number;
  /** Starting balance in USD. Default 10. */
  balanceUsd?: number;
  /** Price per solved task in USD, by kind (defaults in start-fake-captcha-solver.ts). */
  costs?: Partial<Record<FakeCaptchaKind, number>>;
  failure?: FakeCaptchaFailure;
  /** Which APIs it speaks. Default both: JSON createTask/getTaskResult and in.php/res.php. */
  protocols?: FakeCaptchaProtocol[];
}

/** One task as the fake received it. */
export interface FakeCaptchaTask {
  id: string;
  protocol: FakeCaptchaProtocol;
  kind: FakeCaptchaKind;
  /** The service's task type ("RecaptchaV2TaskProxyless") or in.php method ("userrecaptcha"). */
  type: string;
  websiteURL?: string;
  websiteKey?: string;
  action?: string;
  /** Result polls so far. */
  polls: number;
  status: "processing" | "ready" | "failed";
  /** The token or text handed out once ready. */
  answer?: string;
  costUsd: number;
  createdAt: number;
}

export interface FakeCaptchaRequest {
  method: string;
  /** Path with query string. */
  path: string;
  body: string;
  at: number;
}

export interface FakeCaptchaSolver {
  /** "http://127.0.0.1:PORT": the base URL for either protocol. */
  url: string;
  clientKey: string;
  /** Every task received, in order. */
  tasks: FakeCaptchaTask[];
  /** Every HTTP request received, in order (bodies include the client key: test data only). */
  requests: FakeCaptchaRequest[];
  readonly balanceUsd: number;
  setFailure(failure: FakeCaptchaFailure | undefined): void;
  setPollsBeforeReady(polls: number): void;
  /** Clears tasks and requests, restores the starting balance and options. */
  reset(): void;
  close(): Promise<void>;
}
