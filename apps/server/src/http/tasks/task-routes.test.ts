import { steps, tasksRuns } from "@errand/db";
import { claimRun, finishRun, recordStep } from "@errand/services/runs";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTest } from "../../testing/app-test.ts";
import { json, TEST_BASE_URL, uniqueEmail, type TestApp } from "../../testing/test-app.ts";
import { stepRecord } from "../../testing/steps.ts";

const admin = uniqueEmail("admin");
const it = appTest.extend("appOptions", { adminEmails: [admin], billingEnabled: false, pendingRunsPerAccount: 100 });
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
  // Listing needs many runs of one account: no balance holds or pending-run limit in the way.
});

const newCaller = (email?: string) => t.newCaller(email);
const get = (path: string, headers: Record<string, string>) => t.app.request(path, { headers });

async function createRun(headers: Record<string, string>, prompt = "p") {
  return json(await t.send("POST", "/api/v1/runs", headers, { prompt }));
}

describe("tasks API", () => {
  it("lists tasks newest first in pages of 10 with an exact count and up to 5 latest runs", async () => {
    const { headers } = await newCaller();
    const created = [];
    for (let i = 1; i <= 12; i++) created.push(await createRun(headers, `task ${i}`));
    const first = created[0];
    for (let i = 0; i < 6; i++) await t.send("POST", `/api/v1/tasks/${first.task_id}/runs`, headers, { prompt: "task 1" });

    const page1 = await json(await get("/api/v1/tasks", headers));
    expect(page1).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(page1.tasks.map((x: { prompt: string }) => x.prompt).slice(0, 2)).toEqual(["task 12", "task 11"]);
    const page2 = await json(await get("/api/v1/tasks?page=2", headers));
    const oldest = page2.tasks.at(-1);
    expect(oldest.prompt).toBe("task 1");
    expect(oldest.latest_runs).toHaveLength(5);
    const times = oldest.latest_runs.map((r: { created_at: string }) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await get("/api/v1/tasks?page=0", headers)).status).toBe(400);
  });

  it("reads and updates a task; another user's task is a 404", async () => {
    const owner = await newCaller();
    const stranger = await newCaller();
    const { task_id } = await createRun(owner.headers, "old prompt");
    const updated = await t.send("PATCH", `/api/v1/tasks/${task_id}`, owner.headers, {
      prompt: "new prompt",
      response_format: "json",
      json_schema: '{"type":"object"}',
      session_timeout: "abc",
      initial_url: "https://example.test",
    });
    expect(await json(updated)).toMatchObject({
      prompt: "new prompt",
      response_format: "json",
      json_schema: { type: "object" },
      session_timeout: 300,
    });
    expect(await json(await get(`/api/v1/tasks/${task_id}`, owner.headers))).toMatchObject({ prompt: "new prompt" });
    expect((await get(`/api/v1/tasks/${task_id}`, stranger.headers)).status).toBe(404);
    expect((await t.send("PATCH", `/api/v1/tasks/${task_id}`, stranger.headers, { prompt: "x" })).status).toBe(404);
    const bad = await t.send("PATCH", `/api/v1/tasks/${task_id}`, owner.headers, { prompt: "", webhook_url: "nope" });
    expect((await json(bad)).error.fields.map((f: { path: string }) => f.path).sort()).toEqual(["prompt", "webhook_url"]);
  });

  it("shows a task's saved caps and changes them with the checks POST /runs makes", async () => {
    const owner = await newCaller();
    const created = await t.send("POST", "/api/v1/runs", owner.headers, {
      prompt: "capped",
      max_cost_usd: 0.5,
      max_steps: 20,
      on_limit: "ask",
    });
    const { task_id } = await json(created);
    const path = `/api/v1/tasks/${task_id}`;
    expect(await json(await get(path, owner.headers))).toMatchObject({
      max_cost_usd: 0.5,
      max_steps: 20,
      on_limit: "ask",
      session_timeout: 300,
    });

    const bad = await t.send("PATCH", path, owner.headers, { max_cost_usd: 0, max_steps: 501, on_limit: "maybe" });
    expect(bad.status).toBe(400);
    expect(Object.fromEntries((await json(bad)).error.fields.map((f: { path: string; message: string }) => [f.path, f.message]))).toEqual({
      max_cost_usd: "max_cost_usd must be between 0.01 and 1000",
      max_steps: "max_steps must be between 1 and 500",
      on_limit: "on_limit must be stop or ask",
    });

    const changed = await json(await t.send("PATCH", path, owner.headers, { max_cost_usd: 2.25, max_steps: null }));
    expect(changed).toMatchObject({ max_cost_usd: 2.25, max_steps: null, on_limit: "ask" });
    // "" clears as in the task form: no cost cap, and stop (the default) at a cap.
    const cleared = await json(await t.send("PATCH", path, owner.headers, { max_cost_usd: "", on_limit: "" }));
    expect(cleared).toMatchObject({ max_cost_usd: null, max_steps: null, on_limit: "stop" });
    expect(await json(await get(path, owner.headers))).toMatchObject({ max_cost_usd: null, max_steps: null, on_limit: "stop" });
  });

  it("answers 400 naming the field and the rule for a start page or webhook inside the server's network", async () => {
    const owner = await newCaller();
    const unless = "such addresses are refused unless the server sets ALLOW_PRIVATE_NETWORK=true";
    const run = await t.send("POST", "/api/v1/runs", owner.headers, {
      prompt: "p",
      initial_url: "http://10.0.0.1/admin",
      webhook_url: "http://metadata.google.internal/",
    });
    expect(run.status).toBe(400);
    expect((await json(run)).error).toMatchObject({
      code: "validation_error",
      fields: [
        { path: "initial_url", message: `10.0.0.1 is a private, loopback, link-local or metadata address; ${unless}` },
        { path: "webhook_url", message: `metadata.google.internal names a private, loopback, link-local or metadata address; ${unless}` },
      ],
    });
    const { task_id } = await createRun(owner.headers, "a task");
    const edit = await t.send("PATCH", `/api/v1/tasks/${task_id}`, owner.headers, { webhook_url: "http://[fd00::1]/hook" });
    expect(edit.status).toBe(400);
    expect((await json(edit)).error.fields).toEqual([
      { path: "webhook_url", message: `fd00::1 is a private, loopback, link-local or metadata address; ${unless}` },
    ]);
  });

  it("searches tasks by prompt, ignoring case, with % and _ taken literally, and counts only the matches", async () => {
    const { headers } = await newCaller();
    for (const prompt of [
      "Find the cheapest LAPTOP",
      "Book a table",
      "laptop stands under $50",
      "100% cotton shirts",
      "price_list export",
    ]) {
      await createRun(headers, prompt);
    }
    const search = async (text: string) => json(await get(`/api/v1/tasks?search=${encodeURIComponent(text)}`, headers));
    const laptops = await search("  Laptop ");
    expect(laptops.tasks.map((x: { prompt: string }) => x.prompt)).toEqual(["laptop stands under $50", "Find the cheapest LAPTOP"]);
    expect(laptops.total).toBe(2);
    expect((await search("0%")).tasks.map((x: { prompt: string }) => x.prompt)).toEqual(["100% cotton shirts"]);
    expect((await search("%")).total).toBe(1);
    expect((await search("a_t")).tasks.map((x: { prompt: string }) => x.prompt)).toEqual([]);
    expect((await search("price_")).total).toBe(1);
    expect(await search("nothing like this")).toMatchObject({ tasks: [], total: 0, page: 1 });
    // Empty search: every task.
    expect((await search("")).total).toBe(5);
    const long = await get(`/api/v1/tasks?search=${"x".repeat(201)}`, headers);
    expect(long.status).toBe(400);
    expect((await json(long)).error.fields[0]).toEqual({ path: "search", message: "search must be at most 200 characters" });
    // Only the caller's own tasks are searched.
    const other = await newCaller();
    expect((await json(await get("/api/v1/tasks?search=laptop", other.headers))).total).toBe(0);
  });

  it("deletes a task with its runs; another user's task is a 404", async () => {
    const owner = await newCaller();
    const stranger = await newCaller();
    const { task_id, id } = await createRun(owner.headers, "to be deleted");
    await t.send("POST", `/api/v1/tasks/${task_id}/runs`, owner.headers, { prompt: "to be deleted" });

    expect((await t.send("DELETE", `/api/v1/tasks/${task_id}`, stranger.headers)).status).toBe(404);
    expect((await get(`/api/v1/tasks/${task_id}`, owner.headers)).status).toBe(200);

    const deleted = await t.send("DELETE", `/api/v1/tasks/${task_id}`, owner.headers);
    expect(deleted.status).toBe(204);
    expect((await get(`/api/v1/tasks/${task_id}`, owner.headers)).status).toBe(404);
    expect((await get(`/api/v1/runs/${id}`, owner.headers)).status).toBe(404);
    expect((await json(await get("/api/v1/tasks", owner.headers))).total).toBe(0);
    expect((await json(await get("/api/v1/runs?limit=5", owner.headers))).runs).toEqual([]);
    // Twice: it is gone.
    expect((await t.send("DELETE", `/api/v1/tasks/${task_id}`, owner.headers)).status).toBe(404);
    expect((await t.send("DELETE", "/api/v1/tasks/not-a-uuid", owner.headers)).status).toBe(400);
  });

  it("lists the latest runs for the dashboard with their prompts", async () => {
    const { headers } = await newCaller();
    for (let i = 1; i <= 6; i++) await createRun(headers, `run ${i}`);
    const { runs } = await json(await get("/api/v1/runs?limit=5", headers));
    expect(runs.map((r: { prompt: string }) => r.prompt)).toEqual(["run 6", "run 5", "run 4", "run 3", "run 2"]);
  });
});

describe("screenshots, make-public and demos", () => {
  it("gives signed URLs for a run's latest screenshot and a step's, owner only, and they serve the file", async () => {
    const owner = await newCaller();
    const stranger = await newCaller();
    const { id } = await createRun(owner.headers);
    expect((await get(`/api/v1/runs/${id}/screenshot`, owner.headers)).status).toBe(404);
    await claimRun({ ctx: t.ctx, input: { runId: id } });
    for (const n of [1, 2]) {
      await t.storage.put(`steps/${id}/${n}.jpg`, Buffer.from(`image ${n}`), "image/jpeg");
      await recordStep({
        ctx: t.ctx,
        input: stepRecord(id, n, { screenshotKey: `steps/${id}/${n}.jpg` }),
      });
    }
    const { signed_url } = await json(await get(`/api/v1/runs/${id}/screenshot`, owner.headers));
    const file = await t.app.request(signed_url.replace(TEST_BASE_URL, ""));
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(await file.text()).toBe("image 2");
    // Altering the signed URL to reach another file fails.
    const tampered = signed_url.replace(TEST_BASE_URL, "").replace("/2.jpg", "/1.jpg");
    expect((await t.app.request(tampered)).status).toBe(403);

    const [step1] = await t.ctx.db.select().from(steps).where(eq(steps.taskRunId, id)).orderBy(steps.number);
    const stepUrl = await json(await get(`/api/v1/steps/${step1!.id}/screenshot`, owner.headers));
    expect(await (await t.app.request(stepUrl.signed_url.replace(TEST_BASE_URL, ""))).text()).toBe("image 1");
    expect((await get(`/api/v1/runs/${id}/screenshot`, stranger.headers)).status).toBe(404);
    expect((await get(`/api/v1/tasks/${id}/screenshot`, owner.headers)).status).toBe(400);
  });

  it("lets only admins make a run public, which then opens its demo to anyone", async () => {
    const boss_ = await newCaller(admin);
    const user = await newCaller();
    const { id } = await createRun(boss_.headers);
    expect((await get(`/api/v1/demo/${id}`, {})).status).toBe(404);
    const own = await createRun(user.headers);
    expect((await get(`/api/v1/runs/${own.id}/make-public`, user.headers)).status).toBe(403);
    expect((await get(`/api/v1/runs/${own.id}/make-public`, boss_.headers)).status).toBe(404);

    expect(await json(await get(`/api/v1/runs/${id}/make-public`, boss_.headers))).toEqual({ id, public: true });
    await claimRun({ ctx: t.ctx, input: { runId: id } });
    await finishRun({ ctx: t.ctx, input: { runId: id, status: "success", result: "done" } });
    const demo = await json(await get(`/api/v1/demo/${id}`, {}));
    expect(demo.run).toMatchObject({ id, status: "success", result: "done", public: true });
    expect(demo.run).not.toHaveProperty("user_id");
    expect(demo.run).not.toHaveProperty("webhook_url");
    const [row] = await t.ctx.db.select().from(tasksRuns).where(eq(tasksRuns.id, id));
    expect(row!.public).toBe(true);
  });

  it("lists the caller's auth contexts (none yet)", async () => {
    const { headers } = await newCaller();
    expect(await json(await get("/api/v1/auth-contexts", headers))).toEqual({ auth_contexts: [] });
  });
});
