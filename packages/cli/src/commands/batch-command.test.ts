import { createIsolatedTestDb } from "@errand/db/testing";
import { Errand } from "@errand/sdk";
import { startErrandServer, type ErrandTestServer } from "@errand/testkit";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { spawnCli } from "../testing/spawn-cli.ts";

// A real server (worker, Chromium, fake model) and the CLI as a second process talking to it.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const database = await createIsolatedTestDb();
let server: ErrandTestServer;
let apiKey: string;
beforeAll(async () => {
  server = await startErrandServer({ databaseUrl: database.url });
  server.model.setResponder((req) => {
    const all = req.messages.map((m) => m.text).join("\n");
    const success = !all.includes("Nowhere");
    return { toolCalls: [{ name: "done", arguments: { success, text: success ? "Open." : "No such shop." } }] };
  });
  apiKey = (await server.signUp()).apiKey;
});
afterAll(async () => {
  await server?.close();
  await database.close();
});

it("errand batch runs a task over a CSV's rows, prints the progress with --wait, and exits 1 when a row failed", async () => {
  const errand = new Errand({ apiKey, baseUrl: server.baseUrl });
  const first = await errand.runs.create({ prompt: "Is {{shop}} in {{city}} open?" });
  await errand.runs.wait(first.id);
  const dir = await mkdtemp(path.join(tmpdir(), "errand-batch-"));
  const csv = path.join(dir, "rows.csv");
  await writeFile(csv, 'shop,city\r\n"Lidl, Centro",Madrid\r\nNowhere,Bilbao\r\n');

  const cli = spawnCli(["batch", first.task_id, csv, "--concurrency", "2", "--wait"], {
    ERRAND_URL: server.baseUrl,
    ERRAND_API_KEY: apiKey,
  });
  expect(await cli.exited).toBe(1);
  const output = cli.output();
  const id = /Batch ([0-9a-f-]{36}) started: 2 rows, 2 at once\./.exec(output)?.[1];
  expect(id).toBeDefined();
  expect(output).toContain("2/2 done: 1 success, 1 failed; 0 running");
  expect(output).toContain(`Batch finished. Results: ${server.baseUrl}/api/v1/batches/${id}/results?format=csv`);
  const rows = await errand.batches.rows(id!);
  expect(rows.rows.map((r) => r.params)).toEqual([
    { shop: "Lidl, Centro", city: "Madrid" },
    { shop: "Nowhere", city: "Bilbao" },
  ]);
});
