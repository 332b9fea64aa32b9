import { createTestUser } from "@errand/db/testing";
import { expect } from "vitest";
import { serviceTest, testCaller } from "../testing.ts";
import { createTaskWithRun } from "../runs/index.ts";
import { RUN_QUEUE } from "./index.ts";

// A database of its own: the order jobs leave the queue in is the subject here.
const it = serviceTest.extend("databaseOptions", { isolated: true }).extend("contextConfig", { billingEnabled: false });

it("takes each account's first waiting run before anyone's second (one backlog delays no one else)", async ({ database, boss, ctx }) => {
  const busy = await createTestUser(database.db);
  const other = await createTestUser(database.db);
  const third = await createTestUser(database.db);
  const runOf = async (userId: string) =>
    (await createTaskWithRun({ ctx, caller: testCaller(userId), input: { settings: { prompt: "p" } } })).run.id;
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
