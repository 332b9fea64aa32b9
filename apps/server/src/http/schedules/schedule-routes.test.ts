import { CRON_TOO_OFTEN_MESSAGE, TIME_ZONE_MESSAGE } from "@errand/contract";
import { describe, expect } from "vitest";
import { appTest } from "../../testing/app-test.ts";
import { json, type TestApp } from "../../testing/test-app.ts";

const it = appTest;
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

const DAILY = { repeat: { kind: "daily", time: "09:00" }, time_zone: "Europe/Madrid" };

/** A caller with a saved task (made by its first run). */
async function callerWithTask() {
  const caller = await t.newCaller();
  const run = await json(await t.send("POST", "/api/v1/runs", caller.headers, { prompt: "check the prices" }));
  return { ...caller, taskId: run.task_id as string, path: `/api/v1/tasks/${run.task_id}/schedule` };
}

describe("schedules API", () => {
  it("creates, reads, pauses, resumes, replaces and removes a task's schedule", async () => {
    const { headers, taskId, path } = await callerWithTask();
    const none = await t.send("GET", path, headers);
    expect(none.status).toBe(404);
    expect((await json(none)).error).toEqual({ code: "not_found", message: "This task has no schedule." });

    const created = await t.send("PUT", path, headers, DAILY);
    expect(created.status).toBe(200);
    const schedule = await json(created);
    expect(schedule).toEqual({
      id: expect.any(String),
      task_id: taskId,
      repeat: { kind: "daily", time: "09:00" },
      cron: "0 9 * * *",
      time_zone: "Europe/Madrid",
      paused: false,
      next_run_at: expect.any(String),
      next_runs: [expect.any(String), expect.any(String), expect.any(String)],
      last_run_at: null,
      last_run_id: null,
      last_error: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(schedule.next_runs[0]).toBe(schedule.next_run_at);
    expect(await json(await t.send("GET", path, headers))).toEqual(schedule);
    const listed = await json(await t.send("GET", "/api/v1/tasks", headers));
    expect(listed.tasks[0]).toMatchObject({ id: taskId, next_run_at: schedule.next_run_at, next_run_time_zone: schedule.time_zone });

    const paused = await t.send("POST", `${path}/pause`, headers);
    expect(paused.status).toBe(200);
    expect(await json(paused)).toMatchObject({ paused: true, next_run_at: null, next_runs: [] });
    expect(await json(await t.send("POST", `${path}/resume`, headers))).toMatchObject({ paused: false, next_run_at: schedule.next_run_at });

    const cron = await json(await t.send("PUT", path, headers, { repeat: { kind: "cron", cron: "*/15 9-17 * * 1-5" }, time_zone: "UTC" }));
    expect(cron).toMatchObject({ id: schedule.id, repeat: { kind: "cron", cron: "*/15 9-17 * * 1-5" }, time_zone: "UTC" });

    expect((await t.send("DELETE", path, headers)).status).toBe(204);
    expect((await t.send("GET", path, headers)).status).toBe(404);
    expect((await t.send("DELETE", path, headers)).status).toBe(404);
    expect((await t.send("POST", `${path}/pause`, headers)).status).toBe(404);
    // The task stays.
    expect((await t.send("GET", `/api/v1/tasks/${taskId}`, headers)).status).toBe(200);
  });

  it("answers 400 naming each problem", async () => {
    const { headers, path } = await callerWithTask();
    const problems = async (body: unknown) => {
      const res = await t.send("PUT", path, headers, body);
      expect(res.status).toBe(400);
      return (await json(res)).error.fields;
    };
    expect(await problems({ repeat: { kind: "cron", cron: "*/2 * * * *" }, time_zone: "UTC" })).toEqual([
      { path: "repeat.cron", message: CRON_TOO_OFTEN_MESSAGE },
    ]);
    expect(await problems({ ...DAILY, time_zone: "Moon/Base" })).toEqual([{ path: "time_zone", message: TIME_ZONE_MESSAGE }]);
    expect(await problems({ repeat: { kind: "hourly", minute: 60 }, time_zone: "UTC" })).toEqual([
      { path: "repeat.minute", message: "minute must be a whole number from 0 to 59" },
    ]);
    expect(await problems({ time_zone: "UTC" })).toMatchObject([{ path: "repeat" }]);
  });

  it("needs credentials, and hides other people's tasks", async () => {
    const { headers, path } = await callerWithTask();
    expect((await t.send("PUT", path, headers, DAILY)).status).toBe(200);
    expect((await t.send("GET", path, {})).status).toBe(401);
    expect((await t.send("PUT", path, { "content-type": "application/json" }, DAILY)).status).toBe(401);
    const stranger = await t.newCaller();
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["PUT", "", DAILY],
      ["POST", "/pause", undefined],
      ["POST", "/resume", undefined],
      ["DELETE", "", undefined],
    ] as const) {
      const res = await t.send(method, `${path}${suffix}`, stranger.headers, body);
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect((await json(res)).error.message).toBe("Task not found");
    }
    expect((await t.send("GET", "/api/v1/tasks/not-a-uuid/schedule", headers)).status).toBe(400);
  });
});
