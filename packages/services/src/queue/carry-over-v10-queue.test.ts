import { createIsolatedTestDb, createTestUser } from "@errand/db/testing";
import { PgBoss } from "pg-boss";
import PgBossV10 from "pg-boss-v10";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTaskWithRun } from "../runs/index.ts";
import { RUN_QUEUE, startQueue } from "./index.ts";
import { makeTestContext, testCaller } from "../testing.ts";
import { OLD_QUEUE_SCHEMA } from "./carry-over-v10-queue.ts";
import { createPgBossRunQueue, ensureQueues } from "./run-queue.ts";

// A database as Errand on pg-boss 10 left it: runs queued through the same run queue code, one
// of them already taken by a worker. Then the current pg-boss starts on it, as after an upgrade.
let database: Awaited<ReturnType<typeof createIsolatedTestDb>>;
const waiting: string[] = [];
let taken: string;
let boss: PgBoss;

beforeAll(async () => {
  database = await createIsolatedTestDb();
  const old = new PgBossV10({ connectionString: database.url, max: 2 });
  old.on("error", () => {});
  await old.start();
  // pg-boss 10's API for these calls is the one the run queue code uses.
  await ensureQueues(old as unknown as PgBoss);
  const ctx = makeTestContext(database.db, { billingEnabled: false }, createPgBossRunQueue(old as unknown as PgBoss));
  const busy = await createTestUser(database.db);
  const other = await createTestUser(database.db);
  const runOf = async (userId: string) =>
    (await createTaskWithRun({ ctx, caller: testCaller(userId), input: { settings: { prompt: "p" } } })).run.id;
  taken = await runOf(busy.id);
  const [job] = await old.fetch<{ runId: string }>(RUN_QUEUE, { batchSize: 1 });
  expect(job?.data.runId).toBe(taken);
  // The busy account's next run waits behind the other account's first (fair order by priority).
  waiting.push(await runOf(busy.id), await runOf(other.id));
  await old.stop({ graceful: false, wait: true });

  boss = new PgBoss({ connectionString: database.url, max: 2 });
  boss.on("error", () => {});
  await startQueue(boss, (text) => database.pool.query(text));
});

afterAll(async () => {
  await boss.stop({ graceful: false });
  await database.close();
});

it("queues the runs pg-boss 10 held waiting, in their fair order, and drops its schema", async () => {
  const order: string[] = [];
  for (let job; (job = (await boss.fetch<{ runId: string }>(RUN_QUEUE, { batchSize: 1 }))[0]); ) {
    order.push(job.data.runId);
    await boss.complete(RUN_QUEUE, job.id);
  }
  // Not the run a pg-boss 10 worker had taken: the stale-run sweep ends that one.
  expect(order).toEqual([waiting[1], waiting[0]]);
  const schemas = await database.pool.query("select nspname from pg_namespace where nspname in ('pgboss', $1) order by nspname", [
    OLD_QUEUE_SCHEMA,
  ]);
  expect(schemas.rows.map((r: { nspname: string }) => r.nspname)).toEqual(["pgboss"]);
});

it("starts as usual on a database it has already carried over", async () => {
  const again = new PgBoss({ connectionString: database.url, max: 2 });
  again.on("error", () => {});
  await startQueue(again, (text) => database.pool.query(text));
  await again.stop({ graceful: false });
  expect(await boss.getQueue(RUN_QUEUE)).toMatchObject({ name: RUN_QUEUE, policy: "standard" });
});
