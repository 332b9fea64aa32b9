import { sweepBatches, wakeBatch } from "@errand/services/batches";
import { sweepEvaluations, wakeEvaluation } from "@errand/services/evaluations";
import { describeError } from "@errand/services/logging";
import { BATCH_QUEUE, BATCH_SWEEP_CRON } from "@errand/services/queue";
import type { ServiceContext } from "@errand/services";
import type { PgBoss } from "pg-boss";

/**
 * Starts batches' next rows (docs/adr/0041-batches.md) and evaluations' next cells
 * (docs/adr/0044-evaluations.md): a job naming a batch or an evaluation (sent when one of its
 * runs ends) dispatches it; the cron's job, every minute, and a sweep when the worker starts
 * dispatch every running one, so work a stopped process left behind starts again.
 */
export async function startBatchDispatcher(ctx: ServiceContext, boss: PgBoss, pollingIntervalSeconds: number) {
  const own = { id: "" };
  own.id = await boss.work<{ batchId?: string; evaluationId?: string }>(
    BATCH_QUEUE,
    { batchSize: 1, pollingIntervalSeconds },
    async ([job]) => {
      if (!job) return;
      if (job.data?.batchId) await wakeBatch({ ctx, input: { batchId: job.data.batchId } });
      else if (job.data?.evaluationId) await wakeEvaluation({ ctx, input: { evaluationId: job.data.evaluationId } });
      else await sweep(ctx);
      // The next job, if any, at once: the poll is a backstop of seconds (docs/adr/0060-run-slot-polling.md).
      if (own.id) boss.notifyWorker(own.id);
    },
  );
  const { id } = own;
  await boss.schedule(BATCH_QUEUE, BATCH_SWEEP_CRON, {});
  const starting = sweep(ctx).catch((error: unknown) => ctx.log.warn("batch sweep failed", { error: describeError(error) }));
  return {
    /** pg-boss's id of this worker, to wake it (boss.notifyWorker). */
    id,
    async stop() {
      await starting;
      await boss.offWork(BATCH_QUEUE, { id }).catch(() => undefined);
    },
  };
}

async function sweep(ctx: ServiceContext): Promise<void> {
  await sweepBatches({ ctx, input: {} });
  await sweepEvaluations({ ctx, input: {} });
}
