import { describe, expect } from "vitest";
import { appTest } from "../../testing/app-test.ts";
import { json, type TestApp } from "../../testing/test-app.ts";

const it = appTest;
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

/** A caller with a saved task whose prompt names two inputs. */
async function callerWithTask() {
  const caller = await t.newCaller();
  const run = await json(await t.send("POST", "/api/v1/runs", caller.headers, { prompt: "Find the hours of {{shop}} in {{city}}" }));
  return { ...caller, taskId: run.task_id as string, path: `/api/v1/tasks/${run.task_id}/batches` };
}

const csvHeaders = (headers: Record<string, string>) => ({ ...headers, "content-type": "text/csv" });

describe("batches API", () => {
  it("makes a batch from JSON rows, shows its progress and rows, pauses, resumes and cancels it", async () => {
    const { headers, taskId, path } = await callerWithTask();
    const rows = [
      { shop: "Lidl", city: "Madrid" },
      { shop: "Aldi", city: "Bilbao", idempotency_key: "aldi" },
    ];
    const made = await t.send("POST", path, headers, { rows, concurrency: 2 });
    expect(made.status).toBe(201);
    const batch = await json(made);
    expect(batch).toMatchObject({ task_id: taskId, status: "running", concurrency: 2, inputs: ["shop", "city"], total_rows: 2 });
    // The task has no recording yet: the first row runs alone.
    expect(batch.counts).toEqual({ waiting: 1, running: 1, success: 0, failed: 0, error: 0, cancelled: 0, skipped: 0, refused: 0 });
    expect(await json(await t.send("GET", `/api/v1/batches/${batch.id}`, headers))).toEqual(batch);
    expect(
      (await json(await t.send("GET", `/api/v1/batches?task_id=${taskId}`, headers))).batches.map((b: { id: string }) => b.id),
    ).toEqual([batch.id]);

    const page = await json(await t.send("GET", `/api/v1/batches/${batch.id}/rows?limit=1`, headers));
    expect(page).toMatchObject({
      total: 2,
      next_offset: 1,
      rows: [{ index: 0, params: { shop: "Lidl", city: "Madrid" }, state: "running" }],
    });
    const rest = await json(await t.send("GET", `/api/v1/batches/${batch.id}/rows?offset=1`, headers));
    expect(rest).toMatchObject({ next_offset: null, rows: [{ index: 1, idempotency_key: "aldi", state: "waiting", run_id: null }] });

    expect(await json(await t.send("POST", `/api/v1/batches/${batch.id}/pause`, headers))).toMatchObject({ status: "paused" });
    expect(await json(await t.send("POST", `/api/v1/batches/${batch.id}/resume`, headers))).toMatchObject({ status: "running" });
    const cancelled = await json(await t.send("POST", `/api/v1/batches/${batch.id}/cancel`, headers));
    expect(cancelled).toMatchObject({ status: "cancelled", counts: { cancelled: 1, skipped: 1 } });
    const again = await t.send("POST", `/api/v1/batches/${batch.id}/pause`, headers);
    expect(again.status).toBe(409);
    expect((await json(again)).error).toEqual({ code: "conflict", message: "The batch is cancelled." });
  });

  it("reads a CSV body or a form's file, names a missing column, and gives the results as CSV", async () => {
    const { headers, path } = await callerWithTask();
    const missing = await t.request(path, { method: "POST", headers: csvHeaders(headers), body: "shop\r\nLidl\r\n" });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.message).toBe("rows.0.city: Row 1 has no value for {{city}}, which the task's prompt uses");

    const made = await t.request(`${path}?concurrency=3&idempotency_key=weekly`, {
      method: "POST",
      headers: csvHeaders(headers),
      body: 'shop,city\r\n"Lidl, Centro",Madrid\r\n',
    });
    expect(made.status).toBe(201);
    const batch = await json(made);
    expect(batch).toMatchObject({ concurrency: 3, total_rows: 1 });

    const form = new FormData();
    form.set("file", new File(['shop,city\r\n"Lidl, Centro",Madrid\r\n'], "rows.csv", { type: "text/csv" }));
    const { "content-type": _json, ...keyOnly } = headers;
    const sameKey = await t.request(`${path}?idempotency_key=weekly`, { method: "POST", headers: keyOnly, body: form });
    const sameBody = await json(sameKey);
    expect(sameBody.id, JSON.stringify(sameBody)).toBe(batch.id);

    const results = await t.send("GET", `/api/v1/batches/${batch.id}/results?format=csv`, headers);
    expect(results.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(results.headers.get("content-disposition")).toContain(`errand-batch-${batch.id}.csv`);
    const [row] = (await json(await t.send("GET", `/api/v1/batches/${batch.id}/rows`, headers))).rows;
    expect(await results.text()).toBe(
      `row,shop,city,outcome,verdict,run_id,run_url\r\n1,"Lidl, Centro",Madrid,running,,${row.run_id},http://localhost:3000/tasks/${batch.task_id}/task-runs/${row.run_id}\r\n`,
    );
    const asJson = await json(await t.send("GET", `/api/v1/batches/${batch.id}/results`, headers));
    expect(asJson.columns).toEqual(["row", "shop", "city", "outcome", "verdict", "run_id", "run_url"]);
  });

  it("lets a read-only key read a batch but not start or stop one", async () => {
    const { headers, path } = await callerWithTask();
    const batch = await json(await t.send("POST", path, headers, { rows: [{ shop: "Lidl", city: "Madrid" }] }));
    const key = await json(await t.send("POST", "/api/v1/api-keys", headers, { name: "dashboard", scopes: ["read"] }));
    const reader = { "x-api-key": key.secret as string, "content-type": "application/json" };
    expect((await t.send("GET", `/api/v1/batches/${batch.id}`, reader)).status).toBe(200);
    const refused = await t.send("POST", path, reader, { rows: [{ shop: "Aldi", city: "Bilbao" }] });
    expect(refused.status).toBe(403);
    expect((await t.send("POST", `/api/v1/batches/${batch.id}/cancel`, reader)).status).toBe(403);
  });
});
