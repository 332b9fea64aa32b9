import { sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  allowed: boolean;
}

/** Counts one request in the caller's fixed window (one minute unless told; one atomic upsert). */
export async function consumeRateLimit({
  ctx,
  input,
}: VerbArgs<{ key: string; limit: number; windowSeconds?: number; now?: Date }>): Promise<RateLimitState> {
  const now = input.now ?? new Date();
  const windowMs = (input.windowSeconds ?? 60) * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const result = await ctx.db.execute<{ count: number }>(sql`
    insert into api_rate_limits (key, window_start, count) values (${input.key}, ${windowStart.toISOString()}, 1)
    on conflict (key) do update set
      count = case when api_rate_limits.window_start = excluded.window_start then api_rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`);
  const count = Number(result.rows[0]?.count ?? 1);
  return {
    limit: input.limit,
    remaining: Math.max(0, input.limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)),
    allowed: count <= input.limit,
  };
}
