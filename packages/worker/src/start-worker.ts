import { setMaxListeners } from "node:events";
import { RUN_QUEUE } from "@errand/services/queue";
import { startBatchDispatcher } from "./batch-dispatcher.ts";
import type { PgBoss } from "pg-boss";
import { executeRun, type WorkerDeps } from "./execute-run.ts";
import { startRecordingRetention } from "./recording-retention.ts";
import { startRetryStarter } from "./retry-starter.ts";
import { startScheduler } from "./scheduler.ts";
import { startWebhookWorker, type WebhookWorkerOptions } from "./webhook-worker.ts";

/** How often an idle run slot (or batch or retry worker) looks for work no NOTIFY told it of (a backstop; ADR 0060). */
export const RUN_SLOT_BACKSTOP_SECONDS = 5;

export const DEFAULT_SCHEDULER_INTERVAL_MS = 15_000;

export interface RunningWorker {
  /** Stops taking jobs, gives running runs `graceMs` to end, then ends the rest as error. */
  stop(graceMs?: number): Promise<void>;
  active(): number;
}

/**
 * Takes jobs from pg-boss: `concurrency` runs at once, plus webhook deliveries, the schedules'
 * ticks, batches' next rows, retries and the recording retention's sweep. Any number of processes can run this against one database; a run is executed by one of
 * them only, and a schedule's slot makes one run.
 */
export async function startWorker(
  deps: WorkerDeps & {
    boss: PgBoss;
    concurrency: number;
    pollingIntervalSeconds?: number;
    webhooks?: WebhookWorkerOptions;
    /** Milliseconds between the scheduler's ticks (SCHEDULER_INTERVAL_MS); default 15000; null: no scheduler. */
    schedulerIntervalMs?: number | null;
  },
): Promise<RunningWorker> {
  const shutdown = new AbortController();
  // Each running run listens for shutdown: as many listeners as concurrent runs is expected.
  setMaxListeners(0, shutdown.signal);
  const running = new Set<Promise<void>>();
  // Run slots, batches and retries are woken by the queued NOTIFY (and a slot by its own last
  // run's end, below), so their poll is only a backstop for a lost NOTIFY: twelve slots polling
  // twice a second kept an idle server at about 8% of a core (docs/adr/0060-run-slot-polling.md).
  const slotPolling = { batchSize: 1, pollingIntervalSeconds: Math.max(deps.pollingIntervalSeconds ?? 0, RUN_SLOT_BACKSTOP_SECONDS) };
  const track = (work: Promise<void>) => {
    running.add(work);
    return work.finally(() => running.delete(work));
  };

  const workerIds: string[] = [];
  for (let slot = 0; slot < deps.concurrency; slot++) {
    // The handler may run before work() has returned the slot's id (its first fetch).
    const own = { id: "" };
    own.id = await deps.boss.work<{ runId: string }>(RUN_QUEUE, slotPolling, async ([job]) => {
      if (!job || shutdown.signal.aborted) return;
      await track(executeRun(deps, job.data.runId, shutdown.signal));
      // A slot that has just finished a run looks for the next at once: pg-boss would otherwise
      // wait out the rest of its polling interval after a job shorter than it.
      if (own.id) deps.boss.notifyWorker(own.id);
    });
    workerIds.push(own.id);
  }
  // Work queued by any process (a run, a batch's next rows, a retry) wakes the idle workers now
  // rather than at their next poll.
  const woken = [...workerIds];
  const stopWaking = deps.events.subscribeQueued(() => {
    for (const id of woken) deps.boss.notifyWorker(id);
  });
  // Webhooks come from their own outbox table, not pg-boss (ADR 0005).
  const webhooks = startWebhookWorker(deps, deps.webhooks);
  // Due schedules create their runs here, in every worker process (the claim keeps one run per slot).
  const scheduler =
    deps.schedulerIntervalMs === null ? null : startScheduler(deps.ctx, deps.schedulerIntervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS);
  const batchDispatcher = await startBatchDispatcher(deps.ctx, deps.boss, slotPolling.pollingIntervalSeconds);
  const retryStarter = await startRetryStarter(deps.ctx, deps.boss, slotPolling.pollingIntervalSeconds);
  woken.push(batchDispatcher.id, retryStarter.id);
  // An hourly cron job: the slots' backstop is soon enough.
  const recordingRetention = await startRecordingRetention(deps.ctx, deps.boss, deps.storage, slotPolling.pollingIntervalSeconds);
  deps.ctx.log.info(`Worker started: ${deps.concurrency} concurrent runs`);

  return {
    active: () => running.size,
    async stop(graceMs = 10_000) {
      const webhooksStopped = webhooks.stop(graceMs);
      await scheduler?.stop();
      stopWaking();
      await batchDispatcher.stop();
      await retryStarter.stop();
      await recordingRetention.stop();
      for (const id of workerIds) await deps.boss.offWork(RUN_QUEUE, { id }).catch(() => undefined);
      const all = Promise.allSettled([...running]);
      const timer = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([all, timer]);
      shutdown.abort();
      await all;
      await webhooksStopped;
    },
  };
}
