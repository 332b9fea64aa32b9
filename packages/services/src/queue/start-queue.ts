import type { PgBoss } from "pg-boss";
import { carryOverV10Jobs, setAsideV10Queue, type Query } from "./carry-over-v10-queue.ts";
import { ensureQueues } from "./run-queue.ts";

/**
 * Starts pg-boss on the database and creates the product's queues. A queue left by pg-boss 10
 * is set aside first and its waiting runs are queued again once pg-boss runs (ADR 0016).
 */
export async function startQueue(boss: PgBoss, query: Query): Promise<void> {
  await setAsideV10Queue(query);
  await boss.start();
  await ensureQueues(boss);
  await carryOverV10Jobs(boss);
}
