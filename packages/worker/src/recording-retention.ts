import { describeError } from "@errand/services/logging";
import { RECORDING_RETENTION_CRON, RECORDING_RETENTION_QUEUE } from "@errand/services/queue";
import { sweepRecordingRetention } from "@errand/services/session-recordings";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import type { PgBoss } from "pg-boss";

/**
 * Deletes the session recordings and HARs workspaces no longer keep
 * (docs/adr/0056-recording-retention.md): the cron's job every hour, and a sweep when the
 * worker starts, so a setting lowered while no worker ran takes effect at the next start.
 */
export async function startRecordingRetention(ctx: ServiceContext, boss: PgBoss, storage: FileStorage, pollingIntervalSeconds: number) {
  const sweep = () => sweepRecordingRetention({ ctx, input: { storage } });
  const id = await boss.work(RECORDING_RETENTION_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async () => {
    await sweep();
  });
  await boss.schedule(RECORDING_RETENTION_QUEUE, RECORDING_RETENTION_CRON, {});
  const starting = sweep().catch((error: unknown) => ctx.log.warn("recording retention sweep failed", { error: describeError(error) }));
  return {
    async stop() {
      await starting;
      await boss.offWork(RECORDING_RETENTION_QUEUE, { id }).catch(() => undefined);
    },
  };
}
