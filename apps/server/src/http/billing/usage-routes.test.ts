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

/** The API's words for each query field it refuses. */
const FIELD_MESSAGES: Record<string, string> = {
  days: "days must be a whole number from 1 to 366",
  time_zone: "time_zone must be a time zone name such as Europe/Paris or UTC",
  group_by: "group_by must be one of day, member, api_key, tag, failure_kind",
  format: "format must be json or csv",
};

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
        model_cost: 0,
      },
    ]);
    expect(usage.totals).toMatchObject({ runs: 2, free_prompts: 2, execution_time: 7.5 });
    expect(await json(await get("/api/v1/usage", caller.headers))).toMatchObject({ days: 30, time_zone: "UTC", totals: { runs: 2 } });
  });

  // A bad period or time zone; a group_by or format it does not know.
  it.each([
    { query: "days=0&time_zone=Nowhere/Special", fields: ["days", "time_zone"] },
    { query: "group_by=team&format=xlsx", fields: ["group_by", "format"] },
  ])("answers 400 naming the fields for $query", async ({ query, fields }) => {
    const { headers } = await t.newCaller();
    const bad = await get(`/api/v1/usage?${query}`, headers);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toEqual(fields.map((path) => ({ path, message: FIELD_MESSAGES[path] })));
  });

  it("answers 401 without credentials", async () => {
    expect((await get("/api/v1/usage", {})).status).toBe(401);
  });
});

describe("GET /usage grouped, and as CSV", () => {
  /** A run of a new task with these tags, started with these headers (a key), that ends after `seconds`. */
  async function taggedRun(headers: Record<string, string>, seconds: number, tags: string[]) {
    const created = await json(await t.send("POST", "/api/v1/runs", headers, { prompt: "p", tags }));
    await claimRun({ ctx: t.ctx, input: { runId: created.id } });
    await finishRun({ ctx: t.ctx, input: { runId: created.id, status: "success", executionTime: seconds } });
    return created as { id: string; task_id: string };
  }

  /** One person with their personal key and a named key "n8n, flow", and a run with each. */
  async function personWithTwoKeys() {
    const caller = await t.newCaller();
    const key = await json(await t.send("POST", "/api/v1/api-keys", caller.headers, { name: "n8n, flow", scopes: ["read", "run"] }));
    const named = { "x-api-key": key.secret as string, "content-type": "application/json" };
    await taggedRun(caller.headers, 3, ["Billing"]);
    await taggedRun(named, 4, ["billing", "ops"]);
    return { caller, key, named };
  }

  it("answers the figures per API key and per tag for the period", async () => {
    const { caller, key, named } = await personWithTwoKeys();
    const byKey = await json(await get("/api/v1/usage?group_by=api_key", named));
    expect(byKey.group_by).toBe("api_key");
    expect(byKey.groups.map((g: { id: string | null; name: string; runs: number }) => [g.id, g.name, g.runs])).toEqual([
      [null, "Personal key / web app", 1],
      [key.id, "n8n, flow", 1],
    ]);
    const byTag = await json(await get("/api/v1/usage?group_by=tag", { cookie: caller.cookie }));
    expect(byTag.groups.map((g: { name: string; runs: number; execution_time: number }) => [g.name, g.runs, g.execution_time])).toEqual([
      ["billing", 2, 7],
      ["ops", 1, 4],
    ]);
    const byMember = await json(await get("/api/v1/usage?group_by=member", caller.headers));
    expect(byMember.groups).toMatchObject([{ id: caller.userId, name: caller.email, runs: 2, free_prompts: 2 }]);
  });

  it("downloads the rows as a CSV file with a header row and a file name", async () => {
    const { caller } = await personWithTwoKeys();
    const res = await get("/api/v1/usage?group_by=api_key&format=csv", caller.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const period = await json(await get("/api/v1/usage", caller.headers));
    const file = `errand-usage-by-api-key-${period.from}-to-${period.to}.csv`;
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${file}"; filename*=UTF-8''${file}`);
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe(
      "api_key_id,api_key_name,runs,free_prompts,execution_seconds,charged_usd,model_spend_usd,input_tokens,output_tokens",
    );
    expect(lines.slice(1)).toEqual([
      ",Personal key / web app,1,1,3,0.0000,0.0000,0,0",
      expect.stringMatching(/^[\w-]+,"n8n, flow",1,1,4,/),
      "",
    ]);
  });
});

describe("task tags", () => {
  it("are set on POST /runs and PATCH /tasks/{id}, lower-cased without duplicates, and filter the task list", async () => {
    const { headers } = await t.newCaller();
    const created = await json(await t.send("POST", "/api/v1/runs", headers, { prompt: "p", tags: ["Team:Sales", "team:sales"] }));
    expect((await json(await get(`/api/v1/tasks/${created.task_id}`, headers))).tags).toEqual(["team:sales"]);
    const patched = await json(await t.send("PATCH", `/api/v1/tasks/${created.task_id}`, headers, { tags: ["Q4", "eu.west"] }));
    expect(patched.tags).toEqual(["q4", "eu.west"]);
    await t.send("POST", "/api/v1/runs", headers, { prompt: "other" });
    const listed = await json(await get("/api/v1/tasks?tag=Q4", headers));
    expect(listed.tasks.map((task: { id: string }) => task.id)).toEqual([created.task_id]);
  });

  it("are refused with the rule when one has a space or there are more than 10", async () => {
    const { headers } = await t.newCaller();
    const created = await json(await t.send("POST", "/api/v1/runs", headers, { prompt: "p" }));
    const spaced = await t.send("PATCH", `/api/v1/tasks/${created.task_id}`, headers, { tags: ["cost center"] });
    expect(spaced.status).toBe(400);
    expect((await json(spaced)).error.fields).toEqual([{ path: "tags", message: "Each tag is 1 to 32 letters, digits, - _ . or :" }]);
    const many = await t.send("POST", "/api/v1/runs", headers, { prompt: "p", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) });
    expect(many.status).toBe(400);
    expect((await json(many)).error.fields).toEqual([{ path: "tags", message: "A task has at most 10 tags" }]);
  });
});
