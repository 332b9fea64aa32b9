// @errand/services/queue: the run queue (pg-boss, docs/adr/0016-pg-boss-version.md).
export {
  BATCH_QUEUE,
  BATCH_SWEEP_CRON,
  RECORDING_RETENTION_CRON,
  RECORDING_RETENTION_QUEUE,
  RETRY_QUEUE,
  RETRY_SWEEP_CRON,
  RUN_QUEUE,
  createPgBossRunQueue,
  ensureQueues,
  type RunQueue,
} from "./run-queue.ts";
export { startQueue } from "./start-queue.ts";
