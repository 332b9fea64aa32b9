import { createIsolatedTestDb } from "@errand/db/testing";
import { createTestUser } from "@errand/db/testing";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeTestContext, startTestBoss, testCaller } from "../testing.ts";
import { createTaskWithRun } from "../runs/index.ts";
import { RUN_QUEUE } from "./index.ts";
import type { ServiceContext } from "../index.ts";

// A database of its own: the order jobs leave the queue in is the subject here.
let database: Awaited<ReturnType<typeof createIsolatedTestDb>>;
let boss: PgBoss;
let ctx: ServiceContext;

beforeAll(async () => {
  database = await createIsolatedTestDb();
  const started = await startTestBoss(database.url);
  boss = started.boss;
  ctx = makeTestContext(database.db, { billingEnabled: false }, started.queue);
});
afterAll(async () => {
  await boss.stop({ graceful: false });
  await database.close();
});

it("takes each account's first waiting run before anyone's second (one backlog delays no one else)", async () => {
  const busy = await createTestUser(database.db);
  const other = await createTestUser(database.db);
  const third = await createTestUser(database.db);
  const runOf = async (userId: string) => (await createTaskWithRun({ ctx, caller: testCaller(userId), input: { settings: { prompt: "p" } } })).run.id;
  const busyRuns: string[] = [];
  for (let i = 0; i < 6; i++) busyRuns.push(await runOf(busy.id));
  const otherRun = await runOf(other.id);
  const thirdRun = await runOf(third.id);

  // One at a time, as the workers take them (a batch's rows come back in no set order).
  const order: string[] = [];
  for (let job; (job = (await boss.fetch<{ runId: string }>(RUN_QUEUE, { batchSize: 1 }))[0]); ) order.push(job.data.runId);
  expect(order.slice(0, 3)).toEqual([busyRuns[0], otherRun, thirdRun]);
  // The busy account's own runs keep their order.
  expect(order.slice(3)).toEqual(busyRuns.slice(1));
});
