import { setMaxListeners } from "node:events";
import { RUN_QUEUE } from "@errand/services";
import type PgBoss from "pg-boss";
import { executeRun, type WorkerDeps } from "./execute-run.ts";
import { startWebhookWorker, type WebhookWorkerOptions } from "./webhook-worker.ts";

export interface RunningWorker {
  /** Stops taking jobs, gives running runs `graceMs` to end, then ends the rest as error. */
  stop(graceMs?: number): Promise<void>;
  active(): number;
}

/**
 * Takes jobs from pg-boss: `concurrency` runs at once, plus webhook deliveries. Any number of
 * processes can run this against one database; a run is executed by one of them only.
 */
export async function startWorker(deps: WorkerDeps & { boss: PgBoss; concurrency: number; pollingIntervalSeconds?: number; webhooks?: WebhookWorkerOptions }): Promise<RunningWorker> {
  const shutdown = new AbortController();
  // Each running run listens for shutdown: as many listeners as concurrent runs is expected.
  setMaxListeners(0, shutdown.signal);
  const running = new Set<Promise<void>>();
  const polling = { batchSize: 1, pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 0.5 };
  const track = (work: Promise<void>) => {
    running.add(work);
    return work.finally(() => running.delete(work));
  };

  const workerIds: string[] = [];
  for (let slot = 0; slot < deps.concurrency; slot++) {
    workerIds.push(
      await deps.boss.work<{ runId: string }>(RUN_QUEUE, polling, async ([job]) => {
        if (job && !shutdown.signal.aborted) await track(executeRun(deps, job.data.runId, shutdown.signal));
      }),
    );
  }
  // Webhooks come from their own outbox table, not pg-boss (ADR 0005).
  const webhooks = startWebhookWorker(deps, deps.webhooks);
  deps.ctx.log.info(`Worker started: ${deps.concurrency} concurrent runs`);

  return {
    active: () => running.size,
    async stop(graceMs = 10_000) {
      const webhooksStopped = webhooks.stop(graceMs);
      for (const id of workerIds) await deps.boss.offWork({ id }).catch(() => undefined);
      const all = Promise.allSettled([...running]);
      const timer = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([all, timer]);
      shutdown.abort();
      await all;
      await webhooksStopped;
    },
  };
}
