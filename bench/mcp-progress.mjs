// Benchmark (docs/benchmarks.md, "MCP progress"): how soon an MCP client hears of a run's first step. For each run, from the
// run_task call, the time to the first `notifications/progress`, next to the time the same step
// reaches a plain Server-Sent Events client of the account's event stream (GET /api/v1/events,
// opened before the call) in the same run. Target: the progress notification within 50 ms of the
// SSE event. Over Streamable HTTP (/mcp) and over stdio (`errand mcp`), against a real
// `errand serve` (worker, Chromium, the fake model, fixture sites) on loopback.
// Run: node bench/mcp-progress.mjs [runs per transport, default 10]  (rewrites its section of docs/benchmarks.md)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";

register();
const { createDb } = await import("@errand/db");
const { startErrandServer } = await import("@errand/testkit");
const { mcpResponder } = await import("@errand/mcp/testing");
const { readSse } = await import("@errand/sdk");
const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
const { writeBenchSection } = await import("./write-section.ts");

const RUNS = Number(process.argv[2] ?? 10);
const TARGET_MS = 50;
const root = path.resolve(import.meta.dirname, "..");
const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const dataDir = mkdtempSync(path.join(tmpdir(), "errand-bench-mcp-"));
const database = await createDb({ dataDir, poolSize: 2 });
const server = await startErrandServer({ databaseUrl: database.url, workerConcurrency: 1 });
server.model.setResponder(mcpResponder(server.sites.url));
const user = await server.signUp();

/** The account's event stream, open before the call: resolves with when the next run's first step arrives. */
async function firstStepOverSse() {
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}/api/v1/events`, {
    headers: { "x-api-key": user.apiKey, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`events: ${response.status}`);
  const reader = readSse(response.body);
  const first = (async () => {
    for await (const event of reader) if (event.event === "step") return performance.now();
    throw new Error("event stream ended");
  })();
  return { first, close: () => controller.abort() };
}

async function measure(client, label) {
  const rows = [];
  for (let i = 0; i < RUNS; i++) {
    const sse = await firstStepOverSse();
    // Let the stream's subscription settle before the run exists.
    await new Promise((r) => setTimeout(r, 100));
    let firstProgress;
    const t0 = performance.now();
    const answer = await client.callTool({ name: "run_task", arguments: { prompt: `[mcp:steps] Bench ${label} ${i}` } }, undefined, {
      onprogress: () => (firstProgress ??= performance.now()),
    });
    const sseAt = await sse.first;
    sse.close();
    if (answer.isError || firstProgress === undefined) throw new Error(`run ${i} over ${label}: ${JSON.stringify(answer.content)}`);
    rows.push({ toSse: sseAt - t0, toProgress: firstProgress - t0, gap: firstProgress - sseAt });
  }
  const gaps = rows.map((r) => r.gap);
  const median = (key) =>
    pct(
      rows.map((r) => r[key]),
      50,
    );
  return {
    transport: label,
    runs: rows.length,
    medianToSseMs: round(median("toSse")),
    medianToProgressMs: round(median("toProgress")),
    medianGapMs: round(pct(gaps, 50)),
    p90GapMs: round(pct(gaps, 90)),
    maxGapMs: round(Math.max(...gaps)),
    ratio: round(median("toProgress") / median("toSse"), 3),
    runsWithinTarget: gaps.filter((gap) => gap <= TARGET_MS).length,
  };
}

const results = [];
try {
  const http = new Client({ name: "bench", version: "1" });
  await http.connect(
    new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${user.apiKey}` } },
    }),
  );
  await http.callTool({ name: "run_task", arguments: { prompt: "[mcp:steps] Warm-up" } });
  results.push(await measure(http, "Streamable HTTP (/mcp)"));
  await http.close();

  const stdio = new Client({ name: "bench", version: "1" });
  await stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(root, "packages/cli/bin/errand.mjs"), "mcp"],
      env: { PATH: process.env.PATH ?? "", ERRAND_URL: server.baseUrl, ERRAND_API_KEY: user.apiKey },
      stderr: "ignore",
    }),
  );
  results.push(await measure(stdio, "stdio (errand mcp)"));
  await stdio.close();
} finally {
  await server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`RESULT ${JSON.stringify(results)}`);
const rows = results.map(
  (r) =>
    `| ${r.transport} | ${r.runs} | ${r.medianToSseMs} | ${r.medianToProgressMs} | ${r.medianGapMs} | ${r.p90GapMs} | ${r.maxGapMs} | ${r.ratio} | ${r.runsWithinTarget}/${r.runs} |`,
);
writeBenchSection(
  "## MCP progress (bench/mcp-progress.mjs)",
  [
    "## MCP progress (bench/mcp-progress.mjs)",
    "",
    `From the run_task call to the first progress notification, next to the same step's arrival on the account's event stream (SSE) in the same run (gap: progress minus SSE; negative when the progress came first); target: within ${TARGET_MS} ms of it. ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`,
    "",
    "| Transport | Runs | Call to SSE step (median ms) | Call to progress (median ms) | Gap median (ms) | Gap p90 (ms) | Gap max (ms) | Ratio (medians) | Runs within 50 ms |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n"),
);
