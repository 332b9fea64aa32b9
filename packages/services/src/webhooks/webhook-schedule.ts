import { WEBHOOK_RETRY_DELAYS_SECONDS } from "@errand/contract";

/**
 * Seconds to wait after a delivery's `failedAttempts`-th failed attempt before the next one, or
 * null when the schedule is used up and the delivery gives up. Tests pass a shorter schedule.
 */
export function retryDelaySeconds(failedAttempts: number, schedule: readonly number[] = WEBHOOK_RETRY_DELAYS_SECONDS): number | null {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) return null;
  return schedule[failedAttempts - 1] ?? null;
}

/** "45 s", "12 min", "31.8 h": how long a delivery was tried, for its status reason. */
export function describeSpan(milliseconds: number): string {
  const seconds = Math.max(0, milliseconds) / 1000;
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 360) / 10} h`;
}
