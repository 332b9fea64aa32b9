import { sql } from "drizzle-orm";
import type { ServiceContext, VerbArgs } from "../context.ts";

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  allowed: boolean;
}

/** The start of the fixed window `now` falls in. */
export const windowStartOf = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/** What a count in a window means for a caller with this limit. */
export function rateLimitState(count: number, limit: number, windowStart: number, windowMs: number, now: number): RateLimitState {
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
    allowed: count <= limit,
  };
}

/**
 * Adds `n` requests to a key's window in Postgres (one atomic upsert) and answers the window's
 * count. A late addition for a window that has already moved on changes nothing.
 */
export async function addToRateWindow(ctx: ServiceContext, key: string, windowStart: number, n: number): Promise<number> {
  const start = new Date(windowStart).toISOString();
  const result = await ctx.db.execute<{ count: number }>(sql`
    insert into api_rate_limits (key, window_start, count) values (${key}, ${start}, ${n})
    on conflict (key) do update set
      count = case
        when api_rate_limits.window_start = excluded.window_start then api_rate_limits.count + excluded.count
        when api_rate_limits.window_start < excluded.window_start then excluded.count
        else api_rate_limits.count end,
      window_start = greatest(api_rate_limits.window_start, excluded.window_start)
    returning count`);
  return Number(result.rows[0]?.count ?? n);
}

/** Counts one request in the caller's fixed window (one minute unless told; one atomic upsert). */
export async function consumeRateLimit({
  ctx,
  input,
}: VerbArgs<{ key: string; limit: number; windowSeconds?: number; now?: Date }>): Promise<RateLimitState> {
  const now = (input.now ?? new Date()).getTime();
  const windowMs = (input.windowSeconds ?? 60) * 1000;
  const windowStart = windowStartOf(now, windowMs);
  const count = await addToRateWindow(ctx, input.key, windowStart, 1);
  return rateLimitState(count, input.limit, windowStart, windowMs, now);
}
