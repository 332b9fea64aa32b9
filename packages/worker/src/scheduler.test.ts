import { taskSchedules, tasks, tasksRuns } from "@errand/db";
import { setTaskSchedule } from "@errand/services/schedules";
import { createTestAccount, serviceTest, testCaller } from "@errand/services/testing";
import { pollFor } from "@errand/testkit/testing";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { startScheduler } from "./scheduler.ts";

// A database of its own: a tick takes every due schedule in its database.
const it = serviceTest.extend("databaseOptions", { isolated: true });
const WAIT = { timeout: 20_000 };

describe("the scheduler loop", () => {
  it("runs a slot missed while no process was up once at start, then ticks on its interval", async ({ db, ctx }) => {
    const user = await createTestAccount(ctx);
    const [task] = await db.insert(tasks).values({ userId: user.id, workspaceId: user.id, prompt: "read the news" }).returning();
    await setTaskSchedule({
      ctx,
      caller: testCaller(user.id),
      input: { taskId: task!.id, schedule: { repeat: { kind: "hourly", minute: 0 }, time_zone: "UTC" } },
    });
    // Down for three hours: three slots passed.
    await db
      .update(taskSchedules)
      .set({ nextRunAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(taskSchedules.taskId, task!.id));

    const runsOf = () => db.select().from(tasksRuns).where(eq(tasksRuns.taskId, task!.id));
    // A long interval: only the tick at start can create the run.
    const scheduler = startScheduler(ctx, 3_600_000);
    const runs = await pollFor(runsOf, (rows) => rows.length > 0, WAIT);
    await scheduler.stop();
    expect(runs).toHaveLength(1);
    expect((await runsOf()).length).toBe(1);
    const [schedule] = await db.select().from(taskSchedules).where(eq(taskSchedules.taskId, task!.id));
    expect(schedule!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());

    // A short interval: the next due slot is picked up by a later tick, not only the first.
    const ticking = startScheduler(ctx, 100);
    await db
      .update(taskSchedules)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(taskSchedules.taskId, task!.id));
    await expect.poll(async () => (await runsOf()).length, WAIT).toBe(2);
    await ticking.stop();
  });
});
