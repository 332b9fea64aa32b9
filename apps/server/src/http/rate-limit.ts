import { createRateCounter } from "@errand/services/api";
import type { ServiceContext } from "@errand/services";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./authenticate.ts";
import { errorResponse } from "./errors.ts";

/**
 * Requests per minute per API key, shared by every server process through Postgres without a
 * write per request (services' rate counter, docs/adr/0055-api-reads-at-one-query.md), with the
 * standard RateLimit-* headers and Retry-After. The web app's session traffic is not counted.
 */
export function rateLimitPerKey(ctx: ServiceContext, limitPerMinute: number): MiddlewareHandler<AppEnv> {
  const counter = createRateCounter(ctx);
  return async (c, next) => {
    const caller = c.get("caller");
    if (caller.via !== "api-key") return next();
    const state = await counter.consume({ key: `api:${caller.userId}`, limit: limitPerMinute });
    c.header("RateLimit-Limit", String(state.limit));
    c.header("RateLimit-Remaining", String(state.remaining));
    c.header("RateLimit-Reset", String(state.resetSeconds));
    if (!state.allowed) {
      c.header("Retry-After", String(state.resetSeconds));
      return errorResponse(
        c,
        "rate_limited",
        `Rate limit of ${state.limit} requests per minute reached. Retry in ${state.resetSeconds} s.`,
      );
    }
    return next();
  };
}
