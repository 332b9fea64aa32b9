import { Errand } from "@errand/sdk";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it, vi } from "vitest";
import { remoteServerForFile } from "../testing/remote-server.ts";
import { spawnCli } from "../testing/spawn-cli.ts";

// A real server (worker, Chromium, fake model) and the CLI as a second process talking to it.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const remote = remoteServerForFile(() => (req) => {
  const all = req.messages.map((m) => m.text).join("\n");
  const success = !all.includes("Nowhere");
  return { toolCalls: [{ name: "done", arguments: { success, text: success ? "Open." : "No such shop." } }] };
});

it("errand batch runs a task over a CSV's rows, prints the progress with --wait, and exits 1 when a row failed", async () => {
  const errand = new Errand({ apiKey: remote.apiKey, baseUrl: remote.server.baseUrl });
  const first = await errand.runs.create({ prompt: "Is {{shop}} in {{city}} open?" });
  await errand.runs.wait(first.id);
  const dir = await mkdtemp(path.join(tmpdir(), "errand-batch-"));
  const csv = path.join(dir, "rows.csv");
  await writeFile(csv, 'shop,city\r\n"Lidl, Centro",Madrid\r\nNowhere,Bilbao\r\n');

  const cli = spawnCli(["batch", first.task_id, csv, "--concurrency", "2", "--wait"], {
    ERRAND_URL: remote.server.baseUrl,
    ERRAND_API_KEY: remote.apiKey,
  });
  expect(await cli.exited).toBe(1);
  const output = cli.output();
  const id = /Batch ([0-9a-f-]{36}) started: 2 rows, 2 at once\./.exec(output)?.[1];
  expect(id).toBeDefined();
  expect(output).toContain("2/2 done: 1 success, 1 failed; 0 running");
  expect(output).toContain(`Batch finished. Results: ${remote.server.baseUrl}/api/v1/batches/${id}/results?format=csv`);
  const rows = await errand.batches.rows(id!);
  expect(rows.rows.map((r) => r.params)).toEqual([
    { shop: "Lidl, Centro", city: "Madrid" },
    { shop: "Nowhere", city: "Bilbao" },
  ]);
});
