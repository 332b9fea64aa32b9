import type { ApiError } from "@errand/contract";

export type ErrorField = NonNullable<ApiError["error"]["fields"]>[number];

/**
 * An error answer of the API, `{ "error": { code, message, fields? } }`: `status` is the HTTP
 * status, `code` one of the API's error codes (validation_error, unauthorized, not_found...).
 */
export class ErrandError extends Error {
  override name = "ErrandError";
  readonly status: number;
  readonly code: string;
  readonly fields?: ErrorField[];
  /** The x-request-id of the answer, when the server sent one (quote it when asking for help). */
  readonly requestId?: string;

  constructor(status: number, code: string, message: string, extra: { fields?: ErrorField[]; requestId?: string } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    if (extra.fields) this.fields = extra.fields;
    if (extra.requestId) this.requestId = extra.requestId;
  }
}

/** 429: too many requests per minute (rate_limited) or too many runs waiting (too_many_runs). */
export class RateLimitError extends ErrandError {
  override name = "RateLimitError";
  /** From the Retry-After header; null when the server did not say. */
  readonly retryAfterSeconds: number | null;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { fields?: ErrorField[]; requestId?: string; retryAfterSeconds: number | null },
  ) {
    super(status, code, message, extra);
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

/** 402: no credits or free prompts left for a new run. */
export class InsufficientCreditsError extends ErrandError {
  override name = "InsufficientCreditsError";
}

/** The server could not be reached, or the connection broke before an answer (after any retries). */
export class ErrandConnectionError extends Error {
  override name = "ErrandConnectionError";
}

/** A request (timeoutMs) or a wait for a run took longer than allowed. A waited-for run keeps going. */
export class ErrandTimeoutError extends Error {
  override name = "ErrandTimeoutError";
}

/** A successful run's result is not the JSON asked for: not JSON, or refused by the schema given. */
export class ErrandResultError extends Error {
  override name = "ErrandResultError";
  readonly run: { id: string; result: string | null };
  /** What the schema's safeParse reported, as it reported it. */
  readonly issues?: unknown;

  constructor(message: string, run: { id: string; result: string | null }, issues?: unknown) {
    super(message);
    this.run = run;
    if (issues !== undefined) this.issues = issues;
  }
}

/** Seconds from a Retry-After header (a number or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The typed error for a non-2xx answer. Reads the body; tolerates one that is not our JSON shape. */
export async function errorFromResponse(response: Response): Promise<ErrandError> {
  let body: Partial<ApiError> | undefined;
  try {
    body = (await response.json()) as Partial<ApiError>;
  } catch {
    body = undefined;
  }
  const status = response.status;
  const code = typeof body?.error?.code === "string" ? body.error.code : `http_${status}`;
  const message =
    typeof body?.error?.message === "string" ? body.error.message : `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ""}`;
  const extra = { fields: body?.error?.fields, requestId: response.headers.get("x-request-id") ?? undefined };
  if (status === 429)
    return new RateLimitError(status, code, message, { ...extra, retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after")) });
  if (status === 402 || code === "insufficient_credits") return new InsufficientCreditsError(status, code, message, extra);
  return new ErrandError(status, code, message, extra);
}
