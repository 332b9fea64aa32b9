import { claimRun, finishRun } from "@errand/services/runs";
import { seedAutomations } from "@errand/services/automations";
import { describe, expect } from "vitest";
import { appTest } from "../../testing/app-test.ts";
import { json, uniqueEmail, type TestApp } from "../../testing/test-app.ts";

// The test database is shared: the automation carries this run's token.
const token = crypto.randomUUID().slice(0, 8);
const slug = `top-stories-${token}`;
const adminEmail = `admin-${token}@example.test`;

const it = appTest.extend("appOptions", { adminEmails: [adminEmail] });
let t: TestApp;
it.beforeAll(async ({ app }) => {
  t = app;
  await seedAutomations({
    ctx: t.ctx,
    input: {
      catalog: [
        {
          slug,
          title: `Top stories ${token}`,
          description: "d",
          website: "hacker-news",
          categories: ["research"],
          needAuth: false,
          prompt: `Read the top stories (${token})`,
          initialUrl: "https://news.ycombinator.com/",
          responseFormat: "text",
          jsonSchema: null,
        },
      ],
    },
  });
});

type Caller = Awaited<ReturnType<typeof t.newCaller>>;
const call = (caller: Caller, method: string, path: string, body?: unknown) =>
  t.app.request(`/api/v1${path}`, { method, headers: caller.headers, body: body === undefined ? undefined : JSON.stringify(body) });

describe("an automation's demo, chosen by an admin", () => {
  it("records a run of the automation, and makes it the public demo once it has succeeded", async () => {
    const admin = await t.newCaller(adminEmail);
    const recorded = await call(admin, "POST", `/automations/${slug}/demo-runs`, {});
    expect(recorded.status).toBe(201);
    const run = await json(recorded);
    expect(run).toMatchObject({ status: "pending", time_limit: 300 });
    expect(await json(await call(admin, "GET", `/runs/${run.id}`))).toMatchObject({
      prompt: `Read the top stories (${token})`,
      initial_url: "https://news.ycombinator.com/",
    });

    // Still running: it cannot be the demo yet, and the page shows none.
    const early = await call(admin, "PUT", `/automations/${slug}/demo`, { run_id: run.id });
    expect(early.status).toBe(400);
    expect((await json(early)).error.message).toContain("Only a run that succeeded can be an automation's demo (this one is pending)");

    await claimRun({ ctx: t.ctx, input: { runId: run.id } });
    await finishRun({ ctx: t.ctx, input: { runId: run.id, status: "success", result: "Done.", executionTime: 2 } });
    expect(await json(await call(admin, "GET", `/automations/${slug}/demo-runs`))).toEqual({
      runs: [
        expect.objectContaining({
          id: run.id,
          task_id: run.task_id,
          prompt: `Read the top stories (${token})`,
          status: "success",
          is_demo: false,
        }),
      ],
    });
    const chosen = await call(admin, "PUT", `/automations/${slug}-make/demo`, { run_id: run.id });
    expect(chosen.status).toBe(200);
    expect(await json(chosen)).toEqual({ slug, run_id: run.id });

    // Public: the marketplace page replays it and anyone can open the demo.
    expect((await json(await t.app.request(`/api/v1/automations/${slug}`))).run_id).toBe(run.id);
    expect((await t.app.request(`/api/v1/demo/${run.id}`)).status).toBe(200);

    expect(await json(await call(admin, "PUT", `/automations/${slug}/demo`, { run_id: null }))).toEqual({ slug, run_id: null });
    expect((await call(admin, "POST", `/automations/no-such-${token}/demo-runs`, {})).status).toBe(404);

    // The catalogue's [placeholders] filled in: the prompt replaces the automation's.
    const filled = await json(await call(admin, "POST", `/automations/${slug}/demo-runs`, { prompt: "Read the top 3 stories" }));
    expect(await json(await call(admin, "GET", `/runs/${filled.id}`))).toMatchObject({
      prompt: "Read the top 3 stories",
      initial_url: "https://news.ycombinator.com/",
    });
    expect((await json(await call(admin, "GET", `/automations/${slug}/demo-runs`))).runs[0]).toMatchObject({
      id: filled.id,
      prompt: "Read the top 3 stories",
      status: "pending",
    });
    expect((await json(await t.app.request(`/api/v1/automations/${slug}`))).run_id).toBeNull();
  });

  it("is refused to anyone who is not an admin, and explains a bad body", async () => {
    const person = await t.newCaller(uniqueEmail());
    for (const [method, path, body] of [
      ["GET", `/automations/${slug}/demo-runs`, undefined],
      ["POST", `/automations/${slug}/demo-runs`, {}],
      ["PUT", `/automations/${slug}/demo`, { run_id: null }],
    ] as const) {
      const res = await call(person, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await json(res)).error.code).toBe("forbidden");
    }
    const bad = await call(person, "PUT", `/automations/${slug}/demo`, { run_id: "not-a-uuid" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toContain("run_id must be a UUID, or null to remove the demo");
  });
});

describe("POST /automations/{slug}/runs", () => {
  it("queues a run of the caller's with the automation's settings, each one given instead", async () => {
    const person = await t.newCaller(uniqueEmail());
    // No body at all: nothing to replace.
    const own = await t.app.request(`/api/v1/automations/${slug}/runs`, {
      method: "POST",
      headers: { "x-api-key": person.headers["x-api-key"] },
    });
    expect(own.status).toBe(201);
    const run = await json(own);
    expect(run).toMatchObject({ status: "pending", time_limit: 300, note: null });
    expect(await json(await call(person, "GET", `/runs/${run.id}`))).toMatchObject({
      task_id: run.task_id,
      prompt: `Read the top stories (${token})`,
      initial_url: "https://news.ycombinator.com/",
      response_format: "text",
    });

    const given = await json(
      await call(person, "POST", `/automations/${slug}-zapier/runs`, {
        prompt: "Read the top 3 stories",
        initial_url: "",
        session_timeout: 60,
      }),
    );
    expect(await json(await call(person, "GET", `/runs/${given.id}`))).toMatchObject({
      prompt: "Read the top 3 stories",
      initial_url: "https://news.ycombinator.com/",
      session_timeout: 60,
    });
  });

  it("creates the run once per Idempotency-Key and replays the first answer", async () => {
    const person = await t.newCaller(uniqueEmail());
    const keyed = { ...person, headers: { ...person.headers, "idempotency-key": `automation-${token}` } };
    const first = await call(keyed, "POST", `/automations/${slug}/runs`, { prompt: "Read the top story" });
    const second = await call(keyed, "POST", `/automations/${slug}/runs`, { prompt: "Read the top story" });
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await json(second)).toEqual(await json(first));
    const other = await call(keyed, "POST", `/automations/${slug}/runs`, { prompt: "Read another story" });
    expect(other.status).toBe(400);
  });

  it("answers 404 for an unknown automation, 400 for a bad setting, and 401 without a key", async () => {
    const person = await t.newCaller(uniqueEmail());
    const missing = await call(person, "POST", `/automations/no-such-${token}/runs`, {});
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.message).toBe("Automation not found");
    const bad = await call(person, "POST", `/automations/${slug}/runs`, { response_format: "xml" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toContain("response_format must be text or json");
    expect((await t.app.request(`/api/v1/automations/${slug}/runs`, { method: "POST" })).status).toBe(401);
  });
});
