import { CLIENT_IP_HEADER } from "@errand/services/auth";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's address for rate limits. Behind `trustedProxies` reverse proxies (TRUST_PROXY),
 * it is the X-Forwarded-For entry the outermost of them added: each proxy appends the address
 * it saw, so that entry is `trustedProxies` from the right. Entries further left were sent by
 * the client and prove nothing. With no trusted proxy the header is ignored.
 */
export function clientIp(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const entries = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than proxies: the request skipped the outer ones; the first entry is the
    // peer the innermost proxy saw.
    const seen = entries[Math.max(0, entries.length - trustedProxies)];
    if (seen) return seen;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return "unknown";
  }
}

/** A copy of the request's headers with our trusted client-address header set. */
export function headersWithClientIp(c: Context, trustedProxies: number): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, trustedProxies));
  return headers;
}
