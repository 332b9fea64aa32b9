import { checkMetricsAccess, METRICS_CONTENT_TYPE } from "@errand/services/metrics";
import { Hono } from "hono";
import { errorBody } from "../errors.ts";

export interface MetricsRouteDeps {
  /** METRICS_TOKEN; unset: the endpoint answers 404 saying how to turn it on. */
  token: string | undefined;
  /** This process's metrics in the text format (renderMetrics). */
  render(): Promise<string>;
}

/**
 * `GET /metrics` for Prometheus, behind `Authorization: Bearer <METRICS_TOKEN>`: 404 when no
 * token is configured (the endpoint does not exist until an operator turns it on), 401 for a
 * missing or wrong token.
 */
export function metricsRoutes(deps: MetricsRouteDeps) {
  return new Hono().get("/metrics", async (c) => {
    const access = checkMetricsAccess(deps.token, c.req.header("authorization"));
    if (access === "disabled")
      return c.json(errorBody("not_found", "Metrics are off: set METRICS_TOKEN to serve them here (see docs/self-hosting.md)"), 404);
    if (access === "refused") {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json(errorBody("unauthorized", "Send Authorization: Bearer <METRICS_TOKEN>"), 401);
    }
    c.header("Cache-Control", "no-store");
    return c.body(await deps.render(), 200, { "Content-Type": METRICS_CONTENT_TYPE });
  });
}
