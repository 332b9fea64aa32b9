// @errand/services/api: idempotent requests and rate limits.
export { withIdempotency, type StoredResponse } from "./with-idempotency.ts";
export { consumeRateLimit, type RateLimitState } from "./consume-rate-limit.ts";
export { createRateCounter, type RateCounter } from "./rate-counter.ts";
