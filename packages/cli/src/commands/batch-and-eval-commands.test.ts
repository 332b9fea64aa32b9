import { Errand, type EvaluationReport } from "@errand/sdk";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, vi } from "vitest";
import { parse as parseYaml } from "yaml";
import { remoteServerForFile } from "../testing/remote-server.ts";
import { spawnCli } from "../testing/spawn-cli.ts";
import { importSuite } from "./eval-import.ts";

// One real server (worker, Chromium, fake model) for the commands that talk to a server, and the
// CLI as a second process talking to it.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });
const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../examples/evaluations");
/** Where the example suite says the fixture pages are; the test's own fixture server stands in. */
const EXAMPLE_ORIGIN = "http://127.0.0.1:4400";

/**
 * The fake model. For the evaluation, told apart by the model name: gpt-4.1 reads every page
 * right; llama-3.3-70b gets the lamp's price right, misreads the SKU (its run succeeds, the
 * expected text misses), gives up on the category, and answers the stock in words (the pattern
 * check fails). For the batch: a shop called Nowhere is not found.
 */
const { it, remote } = remoteServerForFile(() => (req) => {
  const all = req.messages.map((m) => m.text).join("\n");
  const strong = req.model === "gpt-4.1";
  const done = (text: string, success = true) => ({ toolCalls: [{ name: "done", arguments: { success, text } }] });
  if (all.includes("What does the product on this page cost")) return done("$49.00");
  if (all.includes("SKU of the product")) return done(strong ? "The SKU is SKU-1002." : "SKU-2001");
  if (all.includes("Which category")) return strong ? done("Kitchen") : done("I could not find the category.", false);
  if (all.includes("in stock")) return done(strong ? "37 units" : "plenty of them");
  return all.includes("Nowhere") ? done("No such shop.", false) : done("Open.");
});

const cli = (args: string[]) => spawnCli(args, { ERRAND_URL: remote.server.baseUrl, ERRAND_API_KEY: remote.apiKey });

it("errand eval runs the example suite against two models, and the report compares them, downloads as CSV and is shared by link", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "errand-eval-"));
  const suite = path.join(dir, "suite.yaml");
  const example = await readFile(path.join(EXAMPLES, "fixture-pages.yaml"), "utf8");
  await writeFile(suite, example.replaceAll(EXAMPLE_ORIGIN, remote.server.sites.url));
  const out = path.join(dir, "report.json");

  const run = cli(["eval", suite, "--wait", "--out", out]);
  expect(await run.exited).toBe(0);
  const output = run.output();
  const id = /Evaluation ([0-9a-f-]{36}) started: 4 cases x 2 models \(gpt-4\.1, llama-3\.3-70b\), 2 at once\./.exec(output)?.[1];
  expect(id, output).toBeDefined();
  expect(output).toContain("8/8 done; 0 running");
  expect(output).toMatch(/success rate\s+100%\s+25%/);
  expect(output).toMatch(/Grinder SKU\s+pass\s+FAIL \(verification_failed\)/);

  const report = JSON.parse(await readFile(out, "utf8")) as EvaluationReport;
  const [strong, weak] = report.models;
  expect(strong).toMatchObject({ model: "gpt-4.1", cases: 4, ended: 4, passed: 4, success_rate: 1, failure_kinds: {} });
  expect(weak).toMatchObject({
    model: "llama-3.3-70b",
    passed: 1,
    success_rate: 0.25,
    verdicts: { pass: 0, fail: 1, unsure: 0, none: 3 },
    failure_kinds: { verification_failed: 2, agent_gave_up: 1 },
  });
  expect(strong!.duration_ms_mean).toBeGreaterThan(0);
  const cell = (caseIndex: number, model: string) => report.cells.find((c) => c.case_index === caseIndex && c.model === model)!;
  expect(cell(0, "llama-3.3-70b")).toMatchObject({ status: "success", passed: true, expected_match: true });
  expect(cell(1, "gpt-4.1")).toMatchObject({ status: "success", passed: true, expected_match: true });
  expect(cell(1, "llama-3.3-70b")).toMatchObject({ status: "success", passed: false, expected_match: false, answer: "SKU-2001" });
  expect(cell(2, "llama-3.3-70b")).toMatchObject({ status: "failed", passed: false, failure_kind: "agent_gave_up" });
  expect(cell(3, "gpt-4.1")).toMatchObject({ passed: true, verdict: "pass", expected_match: null });
  expect(cell(3, "llama-3.3-70b")).toMatchObject({ status: "failed", verdict: "fail", failure_kind: "verification_failed" });

  const errand = new Errand({ apiKey: remote.apiKey, baseUrl: remote.server.baseUrl });
  // The list gives each model's headline figures, the report's own.
  const listed = (await errand.evaluations.list()).find((evaluation) => evaluation.id === id);
  expect(listed).toMatchObject({ status: "finished", total_cells: 8, counts: { done: 8 } });
  expect(listed!.by_model).toEqual([
    { model: "gpt-4.1", cases: 4, ended: 4, passed: 4, success_rate: 1 },
    { model: "llama-3.3-70b", cases: 4, ended: 4, passed: 1, success_rate: 0.25 },
  ]);
  expect(listed!.cost).toBe(report.cells.reduce((sum, cell) => sum + (cell.cost ?? 0), 0));
  const csv = (await errand.evaluations.reportCsv(id!)).trim().split("\r\n");
  expect(csv[0]).toBe(
    "case,case_name,model,state,run_id,status,passed,verdict,expected_match,failure_kind,cost,tokens,duration_ms,steps,answer",
  );
  expect(csv).toHaveLength(9);
  expect(csv[4]).toMatch(/^2,Grinder SKU,llama-3\.3-70b,done,[0-9a-f-]{36},success,false,,false,verification_failed,/);
  const runs = await errand.runs.get(cell(0, "gpt-4.1").run_id!);
  expect(runs).toMatchObject({ evaluation_id: id, model: "gpt-4.1" });

  const { url } = await errand.evaluations.share(id!);
  const token = url.split("/shared/evaluations/")[1];
  const shared = `${remote.server.baseUrl}/api/v1/shared/evaluations/${token}`;
  const open = await fetch(shared);
  expect(open.status).toBe(200);
  const body = (await open.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ name: "Fixture shop", status: "finished", models: ["gpt-4.1", "llama-3.3-70b"] });
  expect(body).not.toHaveProperty("created_by");
  expect((body.report as EvaluationReport).models[1]!.success_rate).toBe(0.25);
  await errand.evaluations.unshare(id!);
  expect((await fetch(shared)).status).toBe(404);
});

it("refuses a bad suite with 400 naming the field and its case, creates once per idempotency key, cancels, and imports the public benchmarks' task files", async () => {
  const bad = await fetch(`${remote.server.baseUrl}/api/v1/evaluations?models=gpt-4.1`, {
    method: "POST",
    headers: { "x-api-key": remote.apiKey, "content-type": "application/yaml" },
    body: "name: Broken\ncases:\n  - prompt: Fine\n  - start_url: https://example.com\n",
  });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain("suite.cases.1.prompt");

  // Sent twice with one Idempotency-Key: one evaluation, the models from the query; cancelled, its waiting cells are skipped.
  const send = () =>
    fetch(`${remote.server.baseUrl}/api/v1/evaluations?models=model-a,model-b`, {
      method: "POST",
      headers: { "x-api-key": remote.apiKey, "content-type": "application/yaml", "idempotency-key": "eval-once" },
      body: "name: Once\nconcurrency: 1\ncases:\n  - prompt: Say hello\n  - prompt: Say goodbye\n",
    });
  const [first, again] = [await send(), await send()];
  expect([first.status, again.status]).toEqual([201, 201]);
  const made = (await first.json()) as { id: string; models: string[]; total_cells: number };
  expect(made).toMatchObject({ models: ["model-a", "model-b"], total_cells: 4 });
  expect(((await again.json()) as { id: string }).id).toBe(made.id);
  const errand = new Errand({ apiKey: remote.apiKey, baseUrl: remote.server.baseUrl });
  const cancelled = await errand.evaluations.cancel(made.id);
  expect(cancelled.status).toBe("cancelled");
  expect(cancelled.counts.waiting + cancelled.counts.running).toBe(0);
  expect(cancelled.counts.skipped).toBeGreaterThan(0);
  // Listed beside the first test's evaluation, each with its own cells: two cases a model here.
  const listed = (await errand.evaluations.list()).find((evaluation) => evaluation.id === made.id);
  expect(listed!.by_model.map(({ model, cases }) => [model, cases])).toEqual([
    ["model-a", 2],
    ["model-b", 2],
  ]);

  const imported = cli([
    "eval",
    "import",
    "--format",
    "webvoyager",
    path.join(EXAMPLES, "webvoyager-sample.jsonl"),
    "--sites",
    "fixture shop",
    "--judge",
    "The answer names a product and a price.",
  ]);
  expect(await imported.exited).toBe(0);
  const suite = parseYaml(imported.output()) as { name: string; cases: unknown[] };
  expect(suite.name).toBe("WebVoyager: 2 tasks (fixture shop)");
  expect(suite.cases).toEqual([
    {
      name: "Fixture Shop--0",
      prompt: "Find the price of the Aurora Desk Lamp.",
      start_url: "http://127.0.0.1:4400/shop",
      checks: { assertions: [], judge: { instructions: "The answer names a product and a price." } },
    },
    expect.objectContaining({ name: "Fixture Shop--1", prompt: "Which kitchen product costs the least?" }),
  ]);

  const mind2web = importSuite(await readFile(path.join(EXAMPLES, "online-mind2web-sample.json"), "utf8"), {
    format: "online-mind2web",
    limit: 1,
    offset: 1,
  });
  expect(mind2web.cases).toEqual([
    {
      name: "fixture-table-1 (medium)",
      prompt: "Sort the table by its second column and read the first row.",
      start_url: "https://127.0.0.1:4400/table",
    },
  ]);
  expect(() => importSuite('{"web_name": "x"}\n', { format: "webvoyager" })).toThrow("line 1 has no web");
});

it("errand batch runs a task over a CSV's rows, prints the progress with --wait, and exits 1 when a row failed", async () => {
  const errand = new Errand({ apiKey: remote.apiKey, baseUrl: remote.server.baseUrl });
  const first = await errand.runs.create({ prompt: "Is {{shop}} in {{city}} open?" });
  await errand.runs.wait(first.id);
  const dir = await mkdtemp(path.join(tmpdir(), "errand-batch-"));
  const csv = path.join(dir, "rows.csv");
  await writeFile(csv, 'shop,city\r\n"Lidl, Centro",Madrid\r\nNowhere,Bilbao\r\n');

  const batch = cli(["batch", first.task_id, csv, "--concurrency", "2", "--wait"]);
  expect(await batch.exited).toBe(1);
  const output = batch.output();
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
