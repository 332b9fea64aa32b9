import type { Database } from "@errand/db";
import { sql } from "drizzle-orm";
import { Hono } from "hono";

/** A readiness check's outcome; `detail` is shown to anyone, so it never carries addresses or secrets. */
export interface CheckResult {
  ok: boolean;
  detail?: string;
}

/** Whether this process's workers can start their browser (see browserCheck). */
export type BrowserCheck = () => Promise<CheckResult>;

export interface HealthDeps {
  database: Pick<Database, "db">;
  /** Set in processes that execute runs; absent, readiness reports the browser as not used. */
  browser?: BrowserCheck;
}

/** A check that has not answered by then fails, so the response names it instead of the probe timing out. */
const CHECK_TIMEOUT_MS = 4_000;

/**
 * Liveness (`/health`: the process answers, with the Node version it runs on; no database call,
 * so a slow database never restarts pods) and readiness (`/ready`: the database, the queue's
 * schema and, where runs execute, the browser), 503 naming each failing check.
 */
export function healthRoutes(deps: HealthDeps) {
  return new Hono()
    .get("/health", (c) => c.json({ status: "ok", node: process.versions.node }))
    .get("/ready", async (c) => {
      const [database, queue, browser] = await Promise.all([
        timed("the database does not answer", async () => {
          await deps.database.db.execute(sql`select 1`);
          return { ok: true };
        }),
        // pg-boss keeps its jobs in the pgboss schema: readable means the queue can take and hand out runs.
        timed("the queue's schema (pgboss) cannot be read", async () => {
          await deps.database.db.execute(sql`select version from pgboss.version`);
          return { ok: true };
        }),
        deps.browser
          ? timed("the browser check did not finish", deps.browser)
          : Promise.resolve({ ok: true, used: false, detail: "not used: this process executes no runs" }),
      ]);
      const checks = { database, queue, browser };
      const failing = Object.entries(checks).filter(([, check]) => !check.ok).map(([name]) => name);
      if (failing.length === 0) return c.json({ status: "ok", checks });
      c.header("Retry-After", "5");
      return c.json({ status: "unavailable", reason: `not ready: ${failing.join(", ")}`, failing, checks }, 503);
    });
}

async function timed(failure: string, check: () => Promise<CheckResult>): Promise<CheckResult & { ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `${failure} (no answer within ${CHECK_TIMEOUT_MS / 1000} s)` }), CHECK_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([check().catch((): CheckResult => ({ ok: false, detail: failure })), timeout]);
    return { ...result, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
