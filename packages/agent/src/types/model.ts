export interface RetryPolicy {
  /** Retries after the first attempt for 429, 5xx and connection failures. Default 4. */
  maxRetries?: number;
  /** First backoff delay; doubles each retry (with jitter). Default 1000 ms. A Retry-After header wins. */
  baseDelayMs?: number;
}
