// pg-boss 11 and later cannot start on the schema pg-boss 10 left (its schema version 24): they
// install a new one and leave moving jobs to the application (ADR 0016). Errand keeps one queue
// in pg-boss, the run queue, and only its waiting jobs matter: a job a worker had taken belongs
// to a run that worker no longer drives, and the stale-run sweep ends it. So the old schema is
// set aside before pg-boss starts, its waiting run jobs are sent again (same id, same priority)
// once the new schema is there, and it is dropped.
import type { PgBoss } from "pg-boss";
import { createPgBossRunQueue, RUN_QUEUE } from "./run-queue.ts";

/** Runs one SQL statement on the queue's database (a pg pool's `query`). */
export type Query = (sql: string) => Promise<unknown>;

export const OLD_QUEUE_SCHEMA = "pgboss_v10";
/** pg-boss 11's first schema version: anything below is pg-boss 10's. */
const FIRST_NEW_SCHEMA_VERSION = 25;

/**
 * Before pg-boss starts: renames a pg-boss 10 schema to OLD_QUEUE_SCHEMA. One statement under a
 * transaction lock, so processes starting together rename it once.
 */
export async function setAsideV10Queue(query: Query): Promise<void> {
  await query(`DO $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('errand: set aside the pg-boss 10 queue'));
      IF to_regclass('pgboss.version') IS NOT NULL AND to_regnamespace('${OLD_QUEUE_SCHEMA}') IS NULL THEN
        IF (SELECT max(version) FROM pgboss.version) < ${FIRST_NEW_SCHEMA_VERSION} THEN
          ALTER SCHEMA pgboss RENAME TO ${OLD_QUEUE_SCHEMA};
        END IF;
      END IF;
    END $$`);
}

interface WaitingJob {
  data: { runId?: string } | null;
  priority: number;
}

/**
 * After pg-boss has started and the queues exist: sends the set-aside schema's waiting run jobs
 * again, highest priority and oldest first, then drops it. Sending is idempotent (the job id is
 * the run id), so processes doing this together queue each run once. Returns how many were sent.
 */
export async function carryOverV10Jobs(boss: PgBoss): Promise<number> {
  const db = boss.getDb();
  const found = (await db.executeSql(`select to_regclass('${OLD_QUEUE_SCHEMA}.job') is not null as present`)) as {
    rows: { present: boolean }[];
  };
  if (!found.rows[0]?.present) return 0;
  let jobs: WaitingJob[];
  try {
    const result = (await db.executeSql(
      `select data, priority from ${OLD_QUEUE_SCHEMA}.job where name = $1 and state < 'active' order by priority desc, created_on`,
      [RUN_QUEUE],
    )) as { rows: WaitingJob[] };
    jobs = result.rows;
  } catch (error) {
    // Another process carried it over and dropped it in between.
    if (["42P01", "3F000"].includes((error as { code?: string }).code ?? "")) return 0;
    throw error;
  }
  const queue = createPgBossRunQueue(boss);
  let sent = 0;
  for (const job of jobs) {
    if (!job.data?.runId) continue;
    // enqueueRun's priority is minus the backlog: the same number gives the same place.
    await queue.enqueueRun(job.data.runId, { backlog: -job.priority });
    sent++;
  }
  await db.executeSql(`drop schema if exists ${OLD_QUEUE_SCHEMA} cascade`);
  return sent;
}
