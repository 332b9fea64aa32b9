import { sweepBatches, wakeBatch } from "@errand/services/batches";
import { describeError } from "@errand/services/logging";
import { BATCH_QUEUE, BATCH_SWEEP_CRON } from "@errand/services/queue";
import type { ServiceContext } from "@errand/services";
import type { PgBoss } from "pg-boss";

/**
 * Starts batches' next rows (docs/adr/0041-batches.md): a job naming a batch (sent when one of
 * its runs ends) dispatches that batch; the cron's job, every minute, and a sweep when the worker
 * starts dispatch every running batch, so rows a stopped process left behind start again.
 */
export async function startBatchDispatcher(ctx: ServiceContext, boss: PgBoss, pollingIntervalSeconds: number) {
  const id = await boss.work<{ batchId?: string }>(BATCH_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
    if (!job) return;
    if (job.data?.batchId) await wakeBatch({ ctx, input: { batchId: job.data.batchId } });
    else await sweepBatches({ ctx, input: {} });
  });
  await boss.schedule(BATCH_QUEUE, BATCH_SWEEP_CRON, {});
  const starting = sweepBatches({ ctx, input: {} }).catch((error: unknown) =>
    ctx.log.warn("batch sweep failed", { error: describeError(error) }),
  );
  return {
    async stop() {
      await starting;
      await boss.offWork(BATCH_QUEUE, { id }).catch(() => undefined);
    },
  };
}
