// When a failed request is tried again, and how long to wait first. Only calls that cannot do
// something twice are retried: reads, and creations sent with an Idempotency-Key (the server
// then creates once and answers a repeat with the first answer).

/** Answers worth another try: the server was busy, restarting, or briefly unreachable through a proxy. */
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** A Retry-After longer than this is not waited out: the error goes to the caller, who knows better. */
export const MAX_RETRY_AFTER_SECONDS = 10;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

export type Attempt = { kind: "status"; status: number; retryAfterSeconds: number | null } | { kind: "network" } | { kind: "timeout" };

/** Reads and requests carrying an idempotency key may be sent again. */
export function mayRepeat(method: string, idempotencyKey: string | undefined): boolean {
  return method === "GET" || method === "HEAD" || idempotencyKey !== undefined;
}

/** Milliseconds to wait before retry number `retry` (1-based), or null to give up with this failure. */
export function retryDelayMs(attempt: Attempt, retry: number): number | null {
  if (attempt.kind === "status") {
    if (!RETRYABLE_STATUSES.has(attempt.status)) return null;
    if (attempt.retryAfterSeconds !== null)
      return attempt.retryAfterSeconds <= MAX_RETRY_AFTER_SECONDS ? attempt.retryAfterSeconds * 1000 : null;
    // A 429 that names no time is a limit that lasts (too many runs waiting): trying again soon would not help.
    if (attempt.status === 429) return null;
  }
  // Exponential with jitter, so many clients retrying together do not arrive together.
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (retry - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** A random key for a creation the SDK may send twice (crypto.getRandomValues: every runtime, also over plain http). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `sdk-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
