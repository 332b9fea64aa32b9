import { taskSchedules, tasks, tasksRuns } from "@errand/db";
import { createIsolatedTestDb } from "@errand/db/testing";
import { setTaskSchedule } from "@errand/services/schedules";
import { createTestAccount, makeTestContext, startTestBoss, testCaller } from "@errand/services/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startScheduler } from "./scheduler.ts";

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the scheduler loop", () => {
  it("runs a slot missed while no process was up once at start, then ticks on its interval", async () => {
    const { db, url, close } = await createIsolatedTestDb();
    const { boss, queue } = await startTestBoss(url);
    const ctx = makeTestContext(db, {}, queue);
    try {
      const user = await createTestAccount(ctx);
      const [task] = await db.insert(tasks).values({ userId: user.id, prompt: "read the news" }).returning();
      await setTaskSchedule({ ctx, caller: testCaller(user.id), input: { taskId: task!.id, schedule: { repeat: { kind: "hourly", minute: 0 }, time_zone: "UTC" } } });
      // Down for three hours: three slots passed.
      await db.update(taskSchedules).set({ nextRunAt: new Date(Date.now() - 3 * 3_600_000) }).where(eq(taskSchedules.taskId, task!.id));

      const runsOf = () => db.select().from(tasksRuns).where(eq(tasksRuns.taskId, task!.id));
      // A long interval: only the tick at start can create the run.
      const scheduler = startScheduler(ctx, 3_600_000);
      const runs = await until(runsOf, (rows) => rows.length > 0);
      await scheduler.stop();
      expect(runs).toHaveLength(1);
      expect((await runsOf()).length).toBe(1);
      const [schedule] = await db.select().from(taskSchedules).where(eq(taskSchedules.taskId, task!.id));
      expect(schedule!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());

      // A short interval: the next due slot is picked up by a later tick, not only the first.
      const ticking = startScheduler(ctx, 100);
      await db.update(taskSchedules).set({ nextRunAt: new Date(Date.now() - 1000) }).where(eq(taskSchedules.taskId, task!.id));
      await until(runsOf, (rows) => rows.length === 2);
      await ticking.stop();
    } finally {
      await boss.stop({ graceful: false });
      await close();
    }
  });
});
