import type PgBoss from "pg-boss";

export const RUN_QUEUE = "run";

/** How services hand a run to the workers. */
export interface RunQueue {
  enqueueRun(runId: string): Promise<void>;
}

/**
 * pg-boss in the same Postgres: one job per run, keyed by the run id (singletonKey), never
 * retried automatically (a task may have side effects).
 */
export function createPgBossRunQueue(boss: PgBoss): RunQueue {
  return {
    async enqueueRun(runId) {
      await boss.send(RUN_QUEUE, { runId }, { id: runId, singletonKey: runId, retryLimit: 0, expireInSeconds: 2 * 3600 });
    },
  };
}

/** Creates the queues the product uses (idempotent). */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const name of [RUN_QUEUE]) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: "standard", retryLimit: 0 });
  }
}
