import type { ErrandTestServer } from "@errand/testkit";
import { serverTest } from "@errand/testkit/testing";
import { expect, vi } from "vitest";
import { Errand } from "./index.ts";
import { sdkResponder } from "./testing/sdk-scenarios.ts";

// The real server with its worker, Chromium and the fake model: a few seconds per run.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });
const it = serverTest;
let server: ErrandTestServer;
let errand: Errand;
it.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  server.model.setResponder(sdkResponder(server.sites.url));
  errand = new Errand({ apiKey: (await server.signUp()).apiKey, baseUrl: server.baseUrl });
});

it("runs a saved task over rows, waits for the batch, and reads its rows and results as JSON and CSV", async () => {
  const first = await errand.runs.create({ prompt: "Say you are done for {{order}}" });
  await errand.runs.wait(first.id);
  const rows = [{ order: "A-1" }, { order: "A-2 [sdk:fail]" }];
  const batch = await errand.batches.create(first.task_id, { rows, concurrency: 2, idempotency_key: "sdk-batch" });
  expect(batch).toMatchObject({ task_id: first.task_id, total_rows: 2, inputs: ["order"] });
  expect((await errand.batches.create(first.task_id, { rows, idempotency_key: "sdk-batch" })).id).toBe(batch.id);

  const readings: number[] = [];
  const done = await errand.batches.waitForBatch(batch.id, { pollIntervalMs: 300, onProgress: (b) => readings.push(b.counts.waiting) });
  expect(done).toMatchObject({ status: "finished", counts: { success: 1, failed: 1, waiting: 0, running: 0 } });
  expect(readings.length).toBeGreaterThan(0);

  const page = await errand.batches.rows(batch.id);
  expect(page.rows.map((r) => [r.params.order, r.outcome])).toEqual([
    ["A-1", "success"],
    ["A-2 [sdk:fail]", "failed"],
  ]);
  const results = await errand.batches.results(batch.id);
  expect(results.columns).toEqual(["row", "order", "outcome", "run_id", "run_url", "result"]);
  expect(results.rows[0]).toMatchObject({ order: "A-1", outcome: "success", result: "Done.", run_id: page.rows[0]!.run_id });
  const csv = await errand.batches.resultsCsv(batch.id);
  expect(csv.split("\r\n")[0]).toBe("row,order,outcome,run_id,run_url,result");

  const again = await errand.batches.rerunFailed(batch.id);
  expect(again).toMatchObject({ status: "running", counts: { success: 1 } });
  const cancelled = await errand.batches.cancel(batch.id);
  expect(cancelled.status).toBe("cancelled");
  expect((await errand.batches.list({ task_id: first.task_id })).map((b) => b.id)).toEqual([batch.id]);
});
