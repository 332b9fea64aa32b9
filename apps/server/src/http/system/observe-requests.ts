import { randomUUID } from "node:crypto";
import { currentLogContext, withLogContext, type Logger } from "@errand/services/logging";
import type { Metrics } from "@errand/services/metrics";
import { inSpan } from "@errand/services/tracing";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { setAnsweredHeaders } from "./answered-headers.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";
/** An incoming id is reused when it looks like one (a proxy's or a client's trace id), never anything else. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Every request gets a request id (the incoming X-Request-Id when sane, else a new one), returned
 * in the response's X-Request-Id and carried by each log line written while it is served; its
 * latency is observed by method, route template (`/api/v1/runs/:id`, never the path with its
 * ids) and status class. Registered first, so it times the whole handling, errors included; a
 * streamed response (Server-Sent Events) is timed to its headers, not to the stream's end.
 * With tracing on, the request is a span named by method and route, carrying the request id
 * (docs/adr/0050-run-traces.md); never its path, query or headers (they may hold ids or keys).
 */
export function observeRequests(deps: { log: Logger; metrics?: Metrics }): MiddlewareHandler {
  return async (c, next) => {
    const incoming = c.req.header(REQUEST_ID_HEADER);
    // A request the app dispatches to itself (an MCP tool calling the API) keeps its caller's id.
    const requestId = currentLogContext()?.requestId ?? (incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID());
    const started = performance.now();
    const method = METHODS.has(c.req.method) ? c.req.method : "OTHER";
    const attributes = { "http.request.method": method, "errand.request.id": requestId };
    await withLogContext({ requestId }, () =>
      inSpan(`HTTP ${method}`, attributes, async (span) => {
        await next();
        setAnsweredHeaders(c, [[REQUEST_ID_HEADER, requestId]]);
        const seconds = (performance.now() - started) / 1000;
        const route = routePath(c) || "unmatched";
        const statusClass = `${Math.floor(c.res.status / 100)}xx`;
        span.rename(`${method} ${route}`);
        span.set({ "http.route": route, "http.response.status_code": c.res.status });
        if (c.res.status >= 500) span.fail(statusClass);
        deps.metrics?.httpDuration.observe({ method, route, status_class: statusClass }, seconds);
        deps.log.debug("request served", { method, route, status: c.res.status, ms: Math.round(seconds * 1000) });
      }),
    );
  };
}
