import { checkHealth, type BrowserCheck, type HealthDatabase } from "@errand/services/system";
import { Hono } from "hono";

export interface HealthDeps {
  database: HealthDatabase;
  /** Set in processes that execute runs; absent, readiness reports the browser as not used. */
  browser?: BrowserCheck;
}

/**
 * Liveness (`/health`: the process answers, with the Node version it runs on; no database call,
 * so a slow database never restarts pods) and readiness (`/ready`: checkHealth's database, queue
 * and browser checks), 503 naming each failing check.
 */
export function healthRoutes(deps: HealthDeps) {
  return new Hono()
    .get("/health", (c) => c.json({ status: "ok", node: process.versions.node }))
    .get("/ready", async (c) => {
      const readiness = await checkHealth({ ctx: deps.database, input: { browser: deps.browser } });
      if (readiness.status === "ok") return c.json(readiness);
      c.header("Retry-After", "5");
      return c.json(readiness, 503);
    });
}
