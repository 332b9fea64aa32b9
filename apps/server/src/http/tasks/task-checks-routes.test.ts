import { describe, expect } from "vitest";
import { appTest } from "../../testing/app-test.ts";
import { cookiesFrom, json, TEST_BASE_URL, uniqueEmail, type TestApp } from "../../testing/test-app.ts";

// Checks and retry policies through the API (docs/adr/0043-verified-results.md): sent with a
// run and kept on its new task, changed and cleared on the task, a run's own checks winning.
const it = appTest.extend("appOptions", { billingEnabled: false });
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

async function newCaller() {
  const res = await t.app.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_BASE_URL, "x-forwarded-for": t.freshIp() },
    body: JSON.stringify({ email: uniqueEmail(), password: "secret1" }),
  });
  const { api_key } = await json(await t.app.request("/api/v1/account/api-key", { headers: { cookie: cookiesFrom(res) } }));
  return { "x-api-key": api_key as string, "content-type": "application/json" };
}

const CHECKS = { assertions: [{ kind: "field_present", path: "price" }], judge: { instructions: "The 1 kg bag." } };

describe("checks and retries in the API", () => {
  it("keeps a run's checks and retry policy on the run and its new task", async () => {
    const headers = await newCaller();
    const created = await json(
      await t.send("POST", "/api/v1/runs", headers, { prompt: "p", checks: CHECKS, retry: { on_verdict_fail: true, max: 2 } }),
    );
    const run = await json(await t.app.request(`/api/v1/runs/${created.id}`, { headers }));
    expect(run).toMatchObject({
      checks: { assertions: [{ kind: "field_present", path: "price" }], judge: CHECKS.judge },
      verification: null,
      retry_of: null,
      retries: [],
    });
    const task = await json(await t.app.request(`/api/v1/tasks/${created.task_id}`, { headers }));
    expect(task).toMatchObject({ checks: run.checks, retry: { on_verdict_fail: true, on_failure_kinds: [], max: 2 } });
  });

  it("changes and clears a task's checks and retry policy; its next run takes them unless it sends its own", async () => {
    const headers = await newCaller();
    const { task_id } = await json(await t.send("POST", "/api/v1/runs", headers, { prompt: "p" }));
    const changed = await json(
      await t.send("PATCH", `/api/v1/tasks/${task_id}`, headers, { checks: CHECKS, retry: { on_failure_kinds: ["page_error"], max: 1 } }),
    );
    expect(changed).toMatchObject({
      checks: { judge: CHECKS.judge },
      retry: { on_verdict_fail: false, on_failure_kinds: ["page_error"], max: 1 },
    });
    const inherited = await json(await t.send("POST", `/api/v1/tasks/${task_id}/runs`, headers, { prompt: "p" }));
    expect((await json(await t.app.request(`/api/v1/runs/${inherited.id}`, { headers }))).checks).toEqual(changed.checks);
    const own = { assertions: [{ kind: "min_items", path: "rows", n: 3 }] };
    const overriding = await json(await t.send("POST", `/api/v1/tasks/${task_id}/runs`, headers, { prompt: "p", checks: own }));
    expect((await json(await t.app.request(`/api/v1/runs/${overriding.id}`, { headers }))).checks).toEqual(own);

    const cleared = await json(await t.send("PATCH", `/api/v1/tasks/${task_id}`, headers, { checks: null, retry: null }));
    expect(cleared).toMatchObject({ checks: null, retry: null });
  });

  it("refuses a catastrophic pattern and a retry policy over 5, naming the field", async () => {
    const headers = await newCaller();
    const pattern = await t.send("POST", "/api/v1/runs", headers, {
      prompt: "p",
      checks: { assertions: [{ kind: "pattern", path: "name", pattern: "^(a+)+$" }] },
    });
    expect(pattern.status).toBe(400);
    expect((await json(pattern)).error.fields).toEqual([
      { path: "checks.assertions.0.pattern", message: "pattern must not repeat a group that itself repeats, e.g. (a+)+" },
    ]);
    const retry = await t.send("POST", "/api/v1/runs", headers, { prompt: "p", retry: { max: 9 } });
    expect(retry.status).toBe(400);
    expect((await json(retry)).error.fields).toEqual([{ path: "retry.max", message: "max must be a whole number from 0 to 5" }]);
  });
});
