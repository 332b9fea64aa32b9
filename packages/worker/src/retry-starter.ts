import { describeError } from "@errand/services/logging";
import { RETRY_QUEUE, RETRY_SWEEP_CRON } from "@errand/services/queue";
import { startRetry, sweepRetries } from "@errand/services/verification";
import type { ServiceContext } from "@errand/services";
import type { PgBoss } from "pg-boss";

/**
 * Starts retries (docs/adr/0045-durable-retries.md): a job naming a run (sent when it ended owing
 * a retry) starts that run's retry; the cron's job, every minute, and a sweep when the worker
 * starts start every retry still owed, so one a stopped process left behind is started.
 */
export async function startRetryStarter(ctx: ServiceContext, boss: PgBoss, pollingIntervalSeconds: number) {
  const own = { id: "" };
  own.id = await boss.work<{ runId?: string }>(RETRY_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
    if (!job) return;
    if (job.data?.runId) await startRetry({ ctx, input: { runId: job.data.runId } });
    else await sweepRetries({ ctx, input: {} });
    // The next job, if any, at once: the poll is a backstop of seconds (docs/adr/0060-run-slot-polling.md).
    if (own.id) boss.notifyWorker(own.id);
  });
  const { id } = own;
  await boss.schedule(RETRY_QUEUE, RETRY_SWEEP_CRON, {});
  const starting = sweepRetries({ ctx, input: {} }).catch((error: unknown) =>
    ctx.log.warn("retry sweep failed", { error: describeError(error) }),
  );
  return {
    /** pg-boss's id of this worker, to wake it (boss.notifyWorker). */
    id,
    async stop() {
      await starting;
      await boss.offWork(RETRY_QUEUE, { id }).catch(() => undefined);
    },
  };
}
