import { randomInt } from "node:crypto";
import { imageCaptchaAnswer, imageCaptchaIdFrom, issueCaptchaToken } from "./captcha-tokens.ts";
import type { FakeCaptchaFailure, FakeCaptchaKind, FakeCaptchaTask } from "./types.ts";

export const DEFAULT_COSTS: Record<FakeCaptchaKind, number> = {
  "recaptcha-v2": 0.002,
  "recaptcha-v3": 0.0025,
  hcaptcha: 0.002,
  turnstile: 0.0015,
  image: 0.0007,
};

/** The error codes both APIs use (the form API also has a few of its own, mapped in form-api.ts). */
export type EngineError = "ERROR_KEY_DOES_NOT_EXIST" | "ERROR_ZERO_BALANCE" | "ERROR_CAPTCHA_UNSOLVABLE" | "ERROR_NO_SUCH_CAPCHA_ID";

/** A task as a client sends it: what the fake records of it, and the image of an image task. */
export type NewTask = Pick<FakeCaptchaTask, "protocol" | "kind" | "type" | "websiteURL" | "websiteKey" | "action"> & {
  /** Base64 image, for image tasks. */
  body?: string;
};

export interface EngineSettings {
  clientKey: string;
  pollsBeforeReady: number;
  balanceUsd: number;
  costs: Record<FakeCaptchaKind, number>;
  failure: FakeCaptchaFailure | undefined;
}

/** The solver's bookkeeping, shared by the JSON and the form API. */
export class SolverEngine {
  readonly tasks: FakeCaptchaTask[] = [];
  private readonly images = new Map<string, string>();

  readonly settings: EngineSettings;
  constructor(settings: EngineSettings) {
    this.settings = settings;
  }

  checkKey(key: unknown): EngineError | undefined {
    return key === this.settings.clientKey ? undefined : "ERROR_KEY_DOES_NOT_EXIST";
  }

  create(input: NewTask): FakeCaptchaTask | EngineError {
    const costUsd = this.settings.costs[input.kind];
    if (this.settings.failure === "zero-balance" || this.settings.balanceUsd < costUsd) return "ERROR_ZERO_BALANCE";
    const { body, ...fields } = input;
    // Numeric ids like the form API's; the JSON API accepts them as numbers or strings.
    const task: FakeCaptchaTask = {
      ...fields,
      id: String(randomInt(10_000_000, 99_999_999)),
      polls: 0,
      status: "processing",
      costUsd,
      createdAt: Date.now(),
    };
    if (body !== undefined) this.images.set(task.id, body);
    this.tasks.push(task);
    return task;
  }

  /** One result poll: still processing, ready (with the answer), or failed. */
  poll(id: string): FakeCaptchaTask | EngineError {
    const task = this.tasks.find((t) => t.id === id);
    if (task === undefined) return "ERROR_NO_SUCH_CAPCHA_ID";
    if (task.status === "failed") return "ERROR_CAPTCHA_UNSOLVABLE";
    if (task.status === "ready") return task;
    task.polls += 1;
    if (this.settings.failure === "never-ready" || task.polls <= this.settings.pollsBeforeReady) return task;
    const answer = this.settings.failure === "unsolvable" ? undefined : this.answer(task);
    if (answer === undefined) {
      task.status = "failed";
      return "ERROR_CAPTCHA_UNSOLVABLE";
    }
    task.status = "ready";
    task.answer = answer;
    this.settings.balanceUsd = Math.round((this.settings.balanceUsd - task.costUsd) * 1e6) / 1e6;
    return task;
  }

  private answer(task: FakeCaptchaTask): string | undefined {
    if (task.kind === "image") {
      const id = imageCaptchaIdFrom(Buffer.from(this.images.get(task.id) ?? "", "base64"));
      return id === undefined ? undefined : imageCaptchaAnswer(id);
    }
    if (!task.websiteKey) return undefined;
    if (this.settings.failure === "bad-token") return `fcap1.${Buffer.from("forged").toString("base64url")}.bad-signature`;
    return issueCaptchaToken({
      kind: task.kind,
      siteKey: task.websiteKey,
      action: task.action,
      score: task.kind === "recaptcha-v3" ? 0.9 : undefined,
    });
  }
}

/** "0.00200": the services report prices as decimal strings. */
export const formatCost = (usd: number) => usd.toFixed(5);
