import { sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { RUN_QUEUE } from "../queue/run-queue.ts";
import { RUN_STATES, type Metrics } from "./errand-metrics.ts";

export interface RenderMetricsInput {
  /**
   * Read the installation-wide gauges from Postgres (runs by state, queue depth and wait): API
   * processes do; worker processes serve only what happened in them, so a sum over pods of
   * everything they serve stays right.
   */
  database: boolean;
}

/** This process's metrics in the Prometheus text format; an empty set where it has none. */
export async function renderMetrics({ ctx, input }: VerbArgs<RenderMetricsInput>): Promise<string> {
  const metrics = ctx.metrics;
  if (!metrics) return "";
  if (input.database) await collectDatabaseMetrics(ctx, metrics);
  return metrics.registry.render();
}

/**
 * Two small queries per scrape: runs grouped by status (one pass over tasks_runs; pending is
 * split by whether a worker started it), and pg-boss's waiting jobs of the run queue (its
 * partial index on waiting jobs answers it). A query that fails leaves its gauges out of this
 * scrape instead of failing it: the process's own metrics still come through.
 */
async function collectDatabaseMetrics(ctx: VerbArgs<unknown>["ctx"], metrics: Metrics): Promise<void> {
  metrics.runs.reset();
  try {
    const counts = await ctx.db.execute<{ state: string; runs: number }>(sql`
      select case when status = 'pending' then (case when started_at is null then 'waiting' else 'running' end) else status end as state,
             count(*)::int as runs
      from tasks_runs group by 1`);
    for (const state of RUN_STATES) metrics.runs.set({ status: state }, 0);
    for (const row of counts.rows) metrics.runs.set({ status: row.state }, Number(row.runs));
  } catch (error) {
    ctx.log.warn("metrics: runs by state could not be read", { error });
  }
  try {
    const queue = await ctx.db.execute<{ depth: number; oldest: number | null }>(sql`
      select count(*)::int as depth, extract(epoch from now() - min(created_on))::float8 as oldest
      from pgboss.job where name = ${RUN_QUEUE} and state < 'active'`);
    const row = queue.rows[0];
    metrics.queueDepth.set({}, Number(row?.depth ?? 0));
    metrics.queueOldestWait.set({}, Math.max(0, Number(row?.oldest ?? 0)));
  } catch (error) {
    ctx.log.warn("metrics: the queue could not be read", { error });
  }
}
