import { drizzle } from "drizzle-orm/node-postgres";
import { CRON_FORMAT_MESSAGE, CRON_TOO_OFTEN_MESSAGE, TIME_ZONE_MESSAGE } from "@errand/contract";
import { taskSchedules, tasks, tasksRuns, userCredits, type Db } from "@errand/db";
import type { TestDatabase } from "@errand/db/testing";
import { eq } from "drizzle-orm";
import pg from "pg";
import type { PgBoss } from "pg-boss";
import { describe, expect } from "vitest";
import { deleteAccount } from "../accounts/index.ts";
import { createTestAccount, giveCredits, makeTestContext, readBalance, serviceTest, testCaller } from "../testing.ts";
import { addMember, createWorkspace } from "../workspaces/index.ts";
import { createRunForTask } from "../runs/index.ts";
import { deleteTask, listTasks } from "../tasks/index.ts";
import { deleteTaskSchedule, getTaskSchedule, pauseTaskSchedule, resumeTaskSchedule, runDueSchedules, setTaskSchedule } from "./index.ts";
import { RUN_QUEUE, type RunQueue } from "../queue/index.ts";
import type { ServiceContext } from "../index.ts";

// A database of its own: a tick takes every due schedule in its database.
const it = serviceTest.extend("databaseOptions", { isolated: true });
let isolated: TestDatabase;
let boss: PgBoss;
let queue: RunQueue;
let ctx: ServiceContext;

it.beforeAll(({ database, boss: fileBoss, queue: fileQueue, ctx: fileCtx }) => {
  [isolated, boss, queue, ctx] = [database, fileBoss, fileQueue, fileCtx];
});

const NOW = new Date("2026-10-23T12:00:00Z");
const MADRID_DAILY = { repeat: { kind: "daily", time: "09:00" }, time_zone: "Europe/Madrid" };

async function newTask(balance?: { freePrompts: number; credits: number }, c: ServiceContext = ctx) {
  const user = await createTestAccount(c, balance);
  const [task] = await c.db
    .insert(tasks)
    .values({
      userId: user.id,
      workspaceId: user.id,
      prompt: "check the shop's prices",
      webhookUrl: "https://hooks.example/prices",
      sessionTimeout: 120,
      initialUrl: "https://shop.example",
    })
    .returning();
  return { user, task: task!, caller: testCaller(user.id) };
}

const runsOf = (taskId: string) => isolated.db.select().from(tasksRuns).where(eq(tasksRuns.taskId, taskId));
const rowOf = async (taskId: string) => (await isolated.db.select().from(taskSchedules).where(eq(taskSchedules.taskId, taskId)))[0]!;
/** Moves the schedule's next slot to `slot`, as if the server had been down since then. */
const makeDue = (taskId: string, slot: Date) =>
  isolated.db.update(taskSchedules).set({ nextRunAt: slot }).where(eq(taskSchedules.taskId, taskId));

describe("a task's schedule", () => {
  it("is created, read, replaced, paused, resumed and removed", async () => {
    const { task, caller } = await newTask();
    const created = await setTaskSchedule({ ctx, caller, input: { taskId: task.id, schedule: MADRID_DAILY, now: NOW } });
    expect(created).toMatchObject({
      task_id: task.id,
      repeat: { kind: "daily", time: "09:00" },
      cron: "0 9 * * *",
      time_zone: "Europe/Madrid",
      paused: false,
      next_run_at: "2026-10-24T07:00:00.000Z",
      last_error: null,
      last_run_id: null,
    });
    expect(await getTaskSchedule({ ctx, caller, input: { taskId: task.id } })).toEqual(created);

    const weekly = await setTaskSchedule({
      ctx,
      caller,
      input: { taskId: task.id, schedule: { repeat: { kind: "weekly", day: "monday", time: "18:30" }, time_zone: "UTC" }, now: NOW },
    });
    expect(weekly).toMatchObject({
      id: created.id,
      repeat: { kind: "weekly", day: "monday", time: "18:30" },
      cron: "30 18 * * 1",
      next_run_at: "2026-10-26T18:30:00.000Z",
    });

    const paused = await pauseTaskSchedule({ ctx, caller, input: { taskId: task.id } });
    expect(paused).toMatchObject({ paused: true, next_run_at: null, next_runs: [] });
    // Replacing a paused schedule keeps it paused.
    const hourly = await setTaskSchedule({
      ctx,
      caller,
      input: { taskId: task.id, schedule: { repeat: { kind: "hourly", minute: 15 }, time_zone: "UTC" }, now: NOW },
    });
    expect(hourly).toMatchObject({ paused: true, repeat: { kind: "hourly", minute: 15 }, cron: "15 * * * *", next_run_at: null });

    const later = new Date("2026-10-30T10:20:00Z");
    const resumed = await resumeTaskSchedule({ ctx, caller, input: { taskId: task.id, now: later } });
    expect(resumed).toMatchObject({ paused: false, next_run_at: "2026-10-30T11:15:00.000Z" });
    expect(resumed.next_runs).toEqual(["2026-10-30T11:15:00.000Z", "2026-10-30T12:15:00.000Z", "2026-10-30T13:15:00.000Z"]);

    await deleteTaskSchedule({ ctx, caller, input: { taskId: task.id } });
    await expect(getTaskSchedule({ ctx, caller, input: { taskId: task.id } })).rejects.toMatchObject({
      code: "not_found",
      message: "This task has no schedule.",
    });
    await expect(deleteTaskSchedule({ ctx, caller, input: { taskId: task.id } })).rejects.toMatchObject({
      message: "This task has no schedule.",
    });
    expect(await runsOf(task.id)).toEqual([]);
  });

  it("shows the next 3 runs at the same local time across a DST change", async () => {
    const { task, caller } = await newTask();
    const schedule = await setTaskSchedule({ ctx, caller, input: { taskId: task.id, schedule: MADRID_DAILY, now: NOW } });
    // Madrid leaves summer time on 25 Oct 2026: 09:00 is 07:00 UTC before, 08:00 UTC after.
    expect(schedule.next_runs).toEqual(["2026-10-24T07:00:00.000Z", "2026-10-25T08:00:00.000Z", "2026-10-26T08:00:00.000Z"]);
    const ny = await setTaskSchedule({
      ctx,
      caller,
      input: {
        taskId: task.id,
        schedule: { repeat: { kind: "cron", cron: "30  8 * * 1-5" }, time_zone: "America/New_York" },
        now: new Date("2026-03-06T00:00:00Z"),
      },
    });
    // Friday 6 Mar (EST, UTC-5), then Monday 9 and Tuesday 10 Mar (EDT, UTC-4).
    expect(ny).toMatchObject({ cron: "30 8 * * 1-5", repeat: { kind: "cron", cron: "30 8 * * 1-5" } });
    expect(ny.next_runs).toEqual(["2026-03-06T13:30:00.000Z", "2026-03-09T12:30:00.000Z", "2026-03-10T12:30:00.000Z"]);
  });

  it("says what is wrong with the repeat and the time zone", async () => {
    const { task, caller } = await newTask();
    const problems = (schedule: unknown) => setTaskSchedule({ ctx, caller, input: { taskId: task.id, schedule, now: NOW } });
    await expect(problems({ repeat: { kind: "cron", cron: "0 9 * *" }, time_zone: "UTC" })).rejects.toMatchObject({
      code: "validation_error",
      fields: [{ path: "repeat.cron", message: CRON_FORMAT_MESSAGE }],
    });
    await expect(problems({ repeat: { kind: "cron", cron: "0 25 * * *" }, time_zone: "UTC" })).rejects.toMatchObject({
      fields: [{ path: "repeat.cron", message: CRON_FORMAT_MESSAGE }],
    });
    await expect(problems({ repeat: { kind: "cron", cron: "* * * * *" }, time_zone: "UTC" })).rejects.toMatchObject({
      fields: [{ path: "repeat.cron", message: CRON_TOO_OFTEN_MESSAGE }],
    });
    // Every 10 minutes in general, but 9:00 and 9:02 are too close.
    await expect(problems({ repeat: { kind: "cron", cron: "0,2,30 9 * * *" }, time_zone: "UTC" })).rejects.toMatchObject({
      fields: [{ path: "repeat.cron", message: CRON_TOO_OFTEN_MESSAGE }],
    });
    await expect(problems({ repeat: { kind: "cron", cron: "0 0 31 2 *" }, time_zone: "UTC" })).rejects.toMatchObject({
      fields: [{ path: "repeat.cron", message: "cron never fires: check its day and month" }],
    });
    await expect(problems({ ...MADRID_DAILY, time_zone: "Europe/Atlantis" })).rejects.toMatchObject({
      fields: [{ path: "time_zone", message: TIME_ZONE_MESSAGE }],
    });
    await expect(problems({ repeat: { kind: "daily", time: "9am" }, time_zone: "UTC" })).rejects.toMatchObject({
      fields: [{ path: "repeat.time", message: "time must be HH:MM on a 24-hour clock, such as 09:00" }],
    });
    await expect(problems({ repeat: { kind: "weekly", day: "someday", time: "09:00" }, time_zone: "UTC" })).rejects.toMatchObject({
      fields: [{ path: "repeat.day" }],
    });
    await expect(problems({ repeat: { kind: "yearly" }, time_zone: "UTC" })).rejects.toMatchObject({ fields: [{ path: "repeat.kind" }] });
    // Every 5 minutes is allowed.
    await expect(problems({ repeat: { kind: "cron", cron: "*/5 * * * *" }, time_zone: "UTC" })).resolves.toMatchObject({
      next_run_at: "2026-10-23T12:05:00.000Z",
    });
  });

  it("belongs to the task's owner, and needs write access to change", async () => {
    const { task, caller } = await newTask();
    await expect(getTaskSchedule({ ctx, caller, input: { taskId: task.id } })).rejects.toMatchObject({
      message: "This task has no schedule.",
    });
    await setTaskSchedule({ ctx, caller, input: { taskId: task.id, schedule: MADRID_DAILY } });
    const stranger = testCaller((await createTestAccount(ctx)).id);
    const input = { taskId: task.id };
    for (const attempt of [
      () => getTaskSchedule({ ctx, caller: stranger, input }),
      () => setTaskSchedule({ ctx, caller: stranger, input: { ...input, schedule: MADRID_DAILY } }),
      () => pauseTaskSchedule({ ctx, caller: stranger, input }),
      () => resumeTaskSchedule({ ctx, caller: stranger, input }),
      () => deleteTaskSchedule({ ctx, caller: stranger, input }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "not_found", message: "Task not found" });
    }
    const reader = testCaller(caller.userId, { scopes: ["read"] });
    await expect(pauseTaskSchedule({ ctx, caller: reader, input: { taskId: task.id } })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getTaskSchedule({ ctx, caller: reader, input: { taskId: task.id } })).resolves.toMatchObject({ paused: false });
  });

  it("shows in Task History, and goes with its task", async () => {
    const { task, caller } = await newTask();
    const schedule = await setTaskSchedule({ ctx, caller, input: { taskId: task.id, schedule: MADRID_DAILY, now: NOW } });
    const [listed] = (await listTasks({ ctx, caller, input: {} })).tasks;
    expect(listed).toMatchObject({ id: task.id, next_run_at: schedule.next_run_at });
    await pauseTaskSchedule({ ctx, caller, input: { taskId: task.id } });
    expect((await listTasks({ ctx, caller, input: {} })).tasks[0]?.next_run_at).toBeNull();
    await deleteTask({ ctx, caller, input: { taskId: task.id } });
    expect(await isolated.db.select().from(taskSchedules).where(eq(taskSchedules.id, schedule.id))).toEqual([]);
  });
});

describe("the scheduler's tick", () => {
  it("makes one run of a due schedule with the task's settings, queues it and moves to the next slot", async () => {
    const { user, task, caller } = await newTask();
    const schedule = await setTaskSchedule({ ctx, caller, input: { taskId: task.id, schedule: MADRID_DAILY, now: NOW } });
    const slot = new Date(schedule.next_run_at!);
    await runDueSchedules({ ctx, input: { now: new Date(slot.getTime() - 1000) } });
    expect(await runsOf(task.id)).toEqual([]);

    const at = new Date(slot.getTime() + 2000);
    const { created } = await runDueSchedules({ ctx, input: { now: at } });
    const [run, ...more] = await runsOf(task.id);
    expect(more).toEqual([]);
    expect(created).toContain(run!.id);
    expect(run).toMatchObject({
      userId: user.id,
      status: "pending",
      mode: "auto",
      prompt: task.prompt,
      webhookUrl: "https://hooks.example/prices",
      sessionTimeout: 120,
      initialUrl: "https://shop.example",
      holdKind: "free_prompt",
    });
    expect((await boss.getJobById(RUN_QUEUE, run!.id))?.data).toEqual({ runId: run!.id });
    expect((await readBalance(isolated.db, user.id)).heldFreePrompts).toBe(1);
    const after = await getTaskSchedule({ ctx, caller, input: { taskId: task.id } });
    expect(after).toMatchObject({
      next_run_at: "2026-10-25T08:00:00.000Z",
      last_run_id: run!.id,
      last_run_at: at.toISOString(),
      last_error: null,
    });
    // The same slot again creates nothing.
    await runDueSchedules({ ctx, input: { now: at } });
    expect(await runsOf(task.id)).toHaveLength(1);
  });

  it("makes exactly one run per slot when two processes tick at once", async () => {
    // A second process: its own connection pool on the same database.
    const otherPool = new pg.Pool({ connectionString: isolated.url, max: 4 });
    const other = makeTestContext(drizzle(otherPool, { casing: "snake_case" }) as unknown as Db, {}, queue);
    try {
      const scheduled = [];
      for (let i = 0; i < 6; i++) {
        const { task, caller } = await newTask();
        const s = await setTaskSchedule({
          ctx,
          caller,
          input: { taskId: task.id, schedule: { repeat: { kind: "hourly", minute: 0 }, time_zone: "UTC" }, now: NOW },
        });
        scheduled.push({ task, slot: new Date(s.next_run_at!) });
      }
      const at = new Date(scheduled[0]!.slot.getTime() + 1000);
      for (let round = 0; round < 3; round++) {
        const now = new Date(at.getTime() + round * 3_600_000);
        await Promise.all([runDueSchedules({ ctx, input: { now } }), runDueSchedules({ ctx: other, input: { now } })]);
        for (const { task } of scheduled) expect(await runsOf(task.id)).toHaveLength(round + 1);
      }
    } finally {
      await otherPool.end();
    }
  });

  it("runs slots missed while the server was down once, then waits for the next slot", async () => {
    const { task, caller } = await newTask();
    await setTaskSchedule({
      ctx,
      caller,
      input: { taskId: task.id, schedule: { repeat: { kind: "hourly", minute: 30 }, time_zone: "UTC" }, now: NOW },
    });
    // Down from 12:30 to 17:10: five slots passed.
    await makeDue(task.id, new Date("2026-10-23T12:30:00Z"));
    const now = new Date("2026-10-23T17:10:00Z");
    await runDueSchedules({ ctx, input: { now } });
    await runDueSchedules({ ctx, input: { now } });
    expect(await runsOf(task.id)).toHaveLength(1);
    expect((await rowOf(task.id)).nextRunAt).toEqual(new Date("2026-10-23T17:30:00Z"));
  });

  it("makes no run of a paused schedule", async () => {
    const { task, caller } = await newTask();
    await setTaskSchedule({ ctx, caller, input: { taskId: task.id, schedule: MADRID_DAILY, now: NOW } });
    await pauseTaskSchedule({ ctx, caller, input: { taskId: task.id } });
    // Even one whose slot was due when it was paused.
    await isolated.db.update(taskSchedules).set({ nextRunAt: NOW }).where(eq(taskSchedules.taskId, task.id));
    await runDueSchedules({ ctx, input: { now: new Date("2026-11-30T00:00:00Z") } });
    expect(await runsOf(task.id)).toEqual([]);
  });

  it("skips the slot when the balance cannot pay, says why, and keeps the schedule going", async () => {
    const { user, task, caller } = await newTask({ freePrompts: 0, credits: 0 });
    await setTaskSchedule({ ctx, caller, input: { taskId: task.id, schedule: MADRID_DAILY, now: NOW } });
    const now = new Date("2026-10-24T07:00:30Z");
    await runDueSchedules({ ctx, input: { now } });
    expect(await runsOf(task.id)).toEqual([]);
    const skipped = await getTaskSchedule({ ctx, caller, input: { taskId: task.id } });
    expect(skipped).toMatchObject({
      last_error: "Skipped the run of 24 Oct 09:00: not enough credits.",
      next_run_at: "2026-10-25T08:00:00.000Z",
      last_run_id: null,
    });
    expect(await readBalance(isolated.db, user.id)).toMatchObject({ heldFreePrompts: 0, heldCredits: 0 });

    // Once there is something to pay with, the next slot runs and the error clears.
    await isolated.db.update(tasks).set({ prompt: "check the shop's prices again" }).where(eq(tasks.id, task.id));
    await isolated.db.update(userCredits).set({ freePrompts: 1 }).where(eq(userCredits.userId, user.id));
    await runDueSchedules({ ctx, input: { now: new Date("2026-10-25T08:00:30Z") } });
    const [run, ...more] = await runsOf(task.id);
    expect(more).toEqual([]);
    expect(run?.prompt).toBe("check the shop's prices again");
    expect(await getTaskSchedule({ ctx, caller, input: { taskId: task.id } })).toMatchObject({ last_error: null, last_run_id: run!.id });
  });

  it("skips the slot when the account already has its limit of pending runs", async () => {
    const limited = makeTestContext(isolated.db, { pendingRunsPerAccount: 1 }, queue);
    const { task, caller } = await newTask(undefined, limited);
    await createRunForTask({ ctx: limited, caller, input: { taskId: task.id, settings: { prompt: "by hand" } } });
    await setTaskSchedule({
      ctx: limited,
      caller,
      input: {
        taskId: task.id,
        schedule: { repeat: { kind: "weekly", day: "saturday", time: "10:00" }, time_zone: "Europe/Madrid" },
        now: NOW,
      },
    });
    await runDueSchedules({ ctx: limited, input: { now: new Date("2026-10-24T08:01:00Z") } });
    expect(await runsOf(task.id)).toHaveLength(1);
    expect(await rowOf(task.id)).toMatchObject({
      lastError: "Skipped the run of 24 Oct 10:00: a run was already waiting or running.",
      nextRunAt: new Date("2026-10-31T09:00:00Z"),
    });
  });

  it("keeps the run when the queue refuses it: it ends as error like any run", async () => {
    const broken = makeTestContext(isolated.db, {}, { enqueueRun: () => Promise.reject(new Error("queue down")) });
    const { task, caller } = await newTask(undefined, broken);
    await setTaskSchedule({ ctx: broken, caller, input: { taskId: task.id, schedule: MADRID_DAILY, now: NOW } });
    await runDueSchedules({ ctx: broken, input: { now: new Date("2026-10-24T07:00:01Z") } });
    const [run, ...more] = await runsOf(task.id);
    expect(more).toEqual([]);
    expect(run).toMatchObject({ status: "error", statusReason: "The run could not be queued. Please try again." });
    expect((await rowOf(task.id)).lastRunId).toBe(run!.id);
  });

  it("keeps running for a team workspace after its maker's account is deleted: its runs are made by no one", async () => {
    const ada = await createTestAccount(ctx);
    const bob = await createTestAccount(ctx);
    const team = await createWorkspace({ ctx, caller: testCaller(ada.id), input: { name: "Ops" } });
    await giveCredits(isolated.db, team.id);
    await addMember({ ctx, caller: testCaller(ada.id, { workspaceId: team.id }), input: { userId: bob.id, role: "member" } });
    const [task] = await isolated.db.insert(tasks).values({ userId: bob.id, workspaceId: team.id, prompt: "count the orders" }).returning();
    const bobThere = testCaller(bob.id, { workspaceId: team.id, role: "member" });
    await setTaskSchedule({ ctx, caller: bobThere, input: { taskId: task!.id, schedule: MADRID_DAILY, now: NOW } });
    await deleteAccount({ ctx, caller: testCaller(bob.id, { via: "session" }), input: {} });
    expect((await rowOf(task!.id)).userId).toBeNull();

    const { created } = await runDueSchedules({ ctx, input: { now: new Date("2026-10-24T07:00:01Z") } });
    const [run, ...more] = await runsOf(task!.id);
    expect(more).toEqual([]);
    expect(created).toContain(run!.id);
    expect(run).toMatchObject({ userId: null, workspaceId: team.id, status: "pending", holdKind: "credits" });
  });
});
