import type { MiddlewareHandler } from "hono";

/** Where the live viewer is served: the app's own pages frame it (the login wizard, the task page). */
export const LIVE_VIEWER_PREFIX = "/live/";

/** Conservative defaults for every response. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header("x-content-type-options", "nosniff");
    c.header("referrer-policy", "strict-origin-when-cross-origin");
    if (c.req.path.startsWith(LIVE_VIEWER_PREFIX)) {
      c.header("x-frame-options", "SAMEORIGIN");
      c.header("content-security-policy", "frame-ancestors 'self'");
    } else c.header("x-frame-options", "DENY");
  };
}
