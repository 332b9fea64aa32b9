import type { PgBoss } from "pg-boss";

export const RUN_QUEUE = "run";
/**
 * Batches' dispatcher (docs/adr/0041-batches.md): a job with a batch id starts that batch's next
 * rows (sent when one of its runs ends); a job without one, sent every minute by pg-boss's cron,
 * sweeps every running batch, so a process that died between a run's end and its batch's next
 * row loses nothing. Evaluations' cells ride the same queue (docs/adr/0044-evaluations.md): a job
 * with an evaluation id starts that evaluation's next cells, and the sweep covers them too.
 */
export const BATCH_QUEUE = "batch";
export const BATCH_SWEEP_CRON = "* * * * *";
/**
 * Retries (docs/adr/0045-durable-retries.md): a job with a run id starts the retry that run was
 * marked as owing when it ended; a job without one, sent every minute by pg-boss's cron, starts
 * every retry still owed, so a process that stopped between a run's end and its retry loses nothing.
 */
export const RETRY_QUEUE = "retry";
export const RETRY_SWEEP_CRON = "* * * * *";
/**
 * Recording retention (docs/adr/0056-recording-retention.md): a job, sent every hour by pg-boss's
 * cron, deletes the session recordings and HARs of runs older than their workspace keeps them.
 */
export const RECORDING_RETENTION_QUEUE = "recording-retention";
export const RECORDING_RETENTION_CRON = "17 * * * *";
/**
 * NOTIFY'd after each run, batch wake or retry is queued: idle workers in any process fetch at
 * once instead of at their next poll (pg-boss polls; the job would otherwise wait up to the
 * polling interval, a backstop of seconds: docs/adr/0060-run-slot-polling.md).
 */
export const RUN_QUEUED_CHANNEL = "errand_run_queued";

/** How services hand work to the workers. */
export interface RunQueue {
  /**
   * `backlog`: the account's runs already waiting or running. A run behind a longer backlog of
   * its own account waits behind other accounts' earlier runs (fair ordering across accounts).
   */
  enqueueRun(runId: string, options?: { backlog?: number }): Promise<void>;
  /** Asks a worker to start the batch's next rows; absent: the periodic sweep does it. */
  wakeBatch?(batchId: string): Promise<void>;
  /** Asks a worker to start the evaluation's next cells (the batch queue carries it); absent: the sweep does it. */
  wakeEvaluation?(evaluationId: string): Promise<void>;
  /** Asks a worker to start the retry an ended run owes; absent: the periodic sweep does it. */
  startRetry?(runId: string): Promise<void>;
}

/**
 * pg-boss in the same Postgres: one job per run, keyed by the run id (singletonKey), never
 * retried automatically (a task may have side effects).
 */
export function createPgBossRunQueue(boss: PgBoss): RunQueue {
  const wakeWorkers = () => boss.getDb().executeSql("select pg_notify($1, '')", [RUN_QUEUED_CHANNEL]);
  return {
    async enqueueRun(runId, options = {}) {
      // pg-boss takes higher priority first, then older jobs: each account's first waiting run
      // comes before anyone's second, so one account's backlog does not delay the others.
      const priority = -(options.backlog ?? 0);
      await boss.send(RUN_QUEUE, { runId }, { id: runId, priority, retryLimit: 0, expireInSeconds: 2 * 3600 });
      await wakeWorkers();
    },
    async wakeBatch(batchId) {
      await boss.send(BATCH_QUEUE, { batchId }, { retryLimit: 2, expireInSeconds: 600 });
      await wakeWorkers();
    },
    async wakeEvaluation(evaluationId) {
      await boss.send(BATCH_QUEUE, { evaluationId }, { retryLimit: 2, expireInSeconds: 600 });
      await wakeWorkers();
    },
    async startRetry(runId) {
      await boss.send(RETRY_QUEUE, { runId }, { retryLimit: 2, expireInSeconds: 600 });
      await wakeWorkers();
    },
  };
}

/**
 * Creates the queues the product uses (idempotent). Several processes starting together may
 * collide in pg-boss's DDL (deadlock or duplicate): the loser retries and finds the queue there.
 */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(RUN_QUEUE))) await boss.createQueue(RUN_QUEUE, { policy: "standard", retryLimit: 0 });
      if (!(await boss.getQueue(BATCH_QUEUE))) await boss.createQueue(BATCH_QUEUE, { policy: "standard" });
      if (!(await boss.getQueue(RETRY_QUEUE))) await boss.createQueue(RETRY_QUEUE, { policy: "standard" });
      if (!(await boss.getQueue(RECORDING_RETENTION_QUEUE))) await boss.createQueue(RECORDING_RETENTION_QUEUE, { policy: "standard" });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== "40P01" && code !== "23505" && code !== "42P07")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
