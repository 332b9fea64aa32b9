import { claimRun, finishRun } from "@errand/services/runs";
import { describe, expect } from "vitest";
import { appTest } from "../../testing/app-test.ts";
import { json, type TestApp } from "../../testing/test-app.ts";

const it = appTest;
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

const get = (path: string, headers: Record<string, string>) => t.app.request(path, { headers });
const today = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());

/** Creates a run through the API and lets it end as a worker would. */
async function finishedRun(headers: Record<string, string>, seconds: number) {
  const created = await json(await t.app.request("/api/v1/runs", { method: "POST", headers, body: JSON.stringify({ prompt: "p" }) }));
  await claimRun({ ctx: t.ctx, input: { runId: created.id } });
  await finishRun({
    ctx: t.ctx,
    input: { runId: created.id, status: "success", result: "ok", executionTime: seconds, inputTokens: 900, outputTokens: 40 },
  });
  return created as { id: string; task_id: string };
}

describe("GET /runs/{id}: what a run cost", () => {
  it("shows the run's number, time, tokens and charge, null while pending", async () => {
    const { headers } = await t.newCaller();
    const pending = await json(await t.app.request("/api/v1/runs", { method: "POST", headers, body: JSON.stringify({ prompt: "p" }) }));
    expect(await json(await get(`/api/v1/runs/${pending.id}`, headers))).toMatchObject({ number: 1, charge: null, execution_time: null });

    const done = await finishedRun(headers, 7.25);
    expect(await json(await get(`/api/v1/runs/${done.id}`, headers))).toMatchObject({
      number: 1,
      execution_time: 7.25,
      input_tokens: 900,
      output_tokens: 40,
      charge: { kind: "free_prompt", credits: 0 },
    });
    const again = await json(
      await t.app.request(`/api/v1/tasks/${done.task_id}/runs`, { method: "POST", headers, body: JSON.stringify({ prompt: "p" }) }),
    );
    const list = await json(await get(`/api/v1/tasks/${done.task_id}/runs`, headers));
    expect(list.runs.map((run: { id: string; number: number }) => [run.id, run.number])).toEqual([
      [again.id, 2],
      [done.id, 1],
    ]);
  });
});

describe("GET /usage", () => {
  it("sums the charged runs per day in the caller's time zone, for the session and the API key alike", async () => {
    const caller = await t.newCaller();
    await finishedRun(caller.headers, 3);
    await finishedRun(caller.headers, 4.5);

    const res = await get("/api/v1/usage?days=7&time_zone=America/New_York", { cookie: caller.cookie });
    expect(res.status).toBe(200);
    const usage = await json(res);
    expect(usage).toMatchObject({ days: 7, time_zone: "America/New_York", to: today("America/New_York") });
    expect(usage.per_day).toEqual([
      {
        date: today("America/New_York"),
        runs: 2,
        free_prompts: 2,
        credits: 0,
        execution_time: 7.5,
        input_tokens: 1_800,
        output_tokens: 80,
      },
    ]);
    expect(usage.totals).toMatchObject({ runs: 2, free_prompts: 2, execution_time: 7.5 });
    expect(await json(await get("/api/v1/usage", caller.headers))).toMatchObject({ days: 30, time_zone: "UTC", totals: { runs: 2 } });
  });

  it("answers 400 naming the field for a bad period or time zone, and 401 without credentials", async () => {
    const { headers } = await t.newCaller();
    const bad = await get("/api/v1/usage?days=0&time_zone=Nowhere/Special", headers);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toEqual([
      { path: "days", message: "days must be a whole number from 1 to 366" },
      { path: "time_zone", message: "time_zone must be a time zone name such as Europe/Paris or UTC" },
    ]);
    expect((await get("/api/v1/usage", {})).status).toBe(401);
  });
});
