import { sql } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";

/** A readiness check's outcome; `detail` is shown to anyone, so it never carries addresses or secrets. */
export interface CheckResult {
  ok: boolean;
  detail?: string;
}

/** Whether this process's workers can start their browser (the server's browserCheck). */
export type BrowserCheck = () => Promise<CheckResult>;

/** The database a readiness check reads: the service context's, or a process's own pool. */
export type HealthDatabase = Pick<ServiceContext, "db">;

type Timed = CheckResult & { ms: number };
type BrowserResult = Timed | { ok: true; used: false; detail: string };

export type Readiness =
  | { status: "ok"; checks: { database: Timed; queue: Timed; browser: BrowserResult } }
  | { status: "unavailable"; reason: string; failing: string[]; checks: { database: Timed; queue: Timed; browser: BrowserResult } };

/** A check that has not answered by then fails, so the answer names it instead of the probe timing out. */
const CHECK_TIMEOUT_MS = 4_000;

/**
 * Readiness: the database answers, the queue's schema can be read and, where runs execute, the
 * browser starts; "unavailable" names each failing check. Public (the probes of docs/self-hosting.md).
 */
export async function checkHealth({ ctx, input }: { ctx: HealthDatabase; input: { browser?: BrowserCheck } }): Promise<Readiness> {
  const [database, queue, browser] = await Promise.all([
    timed("the database does not answer", async () => {
      await ctx.db.execute(sql`select 1`);
      return { ok: true };
    }),
    // pg-boss keeps its jobs in the pgboss schema: readable means the queue can take and hand out runs.
    timed("the queue's schema (pgboss) cannot be read", async () => {
      await ctx.db.execute(sql`select version from pgboss.version`);
      return { ok: true };
    }),
    input.browser
      ? timed("the browser check did not finish", input.browser)
      : Promise.resolve({ ok: true as const, used: false as const, detail: "not used: this process executes no runs" }),
  ]);
  const checks = { database, queue, browser };
  const failing = Object.entries(checks)
    .filter(([, check]) => !check.ok)
    .map(([name]) => name);
  if (failing.length === 0) return { status: "ok", checks };
  return { status: "unavailable", reason: `not ready: ${failing.join(", ")}`, failing, checks };
}

async function timed(failure: string, check: () => Promise<CheckResult>): Promise<Timed> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, detail: `${failure} (no answer within ${CHECK_TIMEOUT_MS / 1000} s)` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    const result = await Promise.race([check().catch((): CheckResult => ({ ok: false, detail: failure })), timeout]);
    return { ...result, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
