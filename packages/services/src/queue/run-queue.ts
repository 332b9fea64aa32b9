import type PgBoss from "pg-boss";

export const RUN_QUEUE = "run";
export const WEBHOOK_QUEUE = "webhook";
/** Attempts after the first; pg-boss spaces them with exponential backoff. */
export const WEBHOOK_RETRIES = 5;

/** How services hand work to the workers. */
export interface RunQueue {
  enqueueRun(runId: string): Promise<void>;
  /** Delivery of a finished run's webhook; retried with backoff on failure. */
  enqueueWebhook(runId: string): Promise<void>;
}

/**
 * pg-boss in the same Postgres: one job per run, keyed by the run id (singletonKey), never
 * retried automatically (a task may have side effects).
 */
export function createPgBossRunQueue(boss: PgBoss): RunQueue {
  return {
    async enqueueRun(runId) {
      await boss.send(RUN_QUEUE, { runId }, { id: runId, retryLimit: 0, expireInSeconds: 2 * 3600 });
    },
    async enqueueWebhook(runId) {
      // Same id as the run, in another queue: a run's webhook is queued at most once.
      await boss.send(WEBHOOK_QUEUE, { runId }, { id: runId, retryLimit: WEBHOOK_RETRIES, retryDelay: 2, retryBackoff: true, expireInSeconds: 60 });
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
      if (!(await boss.getQueue(RUN_QUEUE))) await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, policy: "standard", retryLimit: 0 });
      if (!(await boss.getQueue(WEBHOOK_QUEUE))) {
        await boss.createQueue(WEBHOOK_QUEUE, { name: WEBHOOK_QUEUE, policy: "standard", retryLimit: WEBHOOK_RETRIES, retryBackoff: true });
      }
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== "40P01" && code !== "23505" && code !== "42P07")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
