// `npm run bench`: runs every benchmark once on this machine and rewrites docs/benchmarks.md.
import { execFileSync, execSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchBundle } from "./bundle-size.mjs";
import { benchStartup } from "./startup.mjs";

const root = path.resolve(import.meta.dirname, "..");
/** Runs a TypeScript bench through tsx and answers the JSON it prints after "RESULT ". */
function tsxResult(file) {
  const out = execFileSync(path.join(root, "node_modules/.bin/tsx"), [path.join(root, file)], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  return JSON.parse(
    out
      .split("\n")
      .find((l) => l.startsWith("RESULT "))
      ?.slice(7) ?? "null",
  );
}
execSync("npx vite build --logLevel warn", { cwd: path.join(root, "apps/web"), stdio: "inherit" });
const bundle = benchBundle();
console.log("bundle", bundle);
const startup = await benchStartup({ runs: 3 });
console.log("startup", startup);
const runs = tsxResult("bench/runs-bench.ts");
console.log("runs", JSON.stringify(runs));
// The API against a bare server; writes its own section.
const api = tsxResult("bench/api-bench.ts");
console.log("api", JSON.stringify(api));

// Throughput and memory against a bare-Playwright baseline; writes its own section.
execFileSync(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "bench/throughput-bench.ts")], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  maxBuffer: 1 << 26,
});
console.log("throughput: section written");

const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
const doc = `# Benchmarks

Measured by \`npm run bench\` in one run on one machine (${machine}).
Figures are compared with a baseline or a budget from the same run, because absolute times
vary from machine to machine. Never turned into timed tests.

## Start-up: \`npm start\` to the first 200 response

Dependencies installed and the web app already built. Median of ${startup.runs} runs. Baseline:
a bare Node HTTP server started through \`npm exec\` the same way.

| | time | x baseline |
|---|---|---|
| baseline (bare Node server) | ${startup.baselineMs} ms | 1.0 |
| first start (creates the Postgres cluster) | ${startup.firstStartMs} ms | ${startup.firstRatio} |
| second start (reuses DATA_DIR) | ${startup.secondStartMs} ms | ${startup.secondRatio} |

## First-load JavaScript of the public routes (gzip)

Entry chunk plus its static imports; the signed-in area is split into lazy chunks.

| | size | budget | ratio |
|---|---|---|---|
| JavaScript | ${bundle.firstLoadJsKb} KB | ${bundle.budgetKb} KB | ${bundle.ratioToBudget} |
| the entry chunk, minified, uncompressed (what the browser evaluates first) | ${bundle.entryKb} KB | | |
| JavaScript of /dashboard (entry + its lazy page and imports) | ${bundle.dashboardJsKb} KB | | |
| CSS | ${bundle.firstLoadCssKb} KB | | |
| lazy chunks (${bundle.lazyChunks}) | ${bundle.lazyJsKb} KB | | |
| live viewer page (live.html, its own entry: no React) | ${bundle.liveViewerJsKb} KB | | |

## Runs (bench/runs-bench.ts)

Embedded Postgres, the real server and worker, the instant fake model, fixture pages on
localhost, one shared Chromium.

| measure | result | target |
|---|---|---|
| step insert → SSE event at a client, p50 | ${runs.sse.p50Ms} ms | |
| step insert → SSE event at a client, p95 | ${runs.sse.p95Ms} ms | under 100 ms |
| runs created per second through the service (8 at a time, ${runs.creation.runs} runs) | ${runs.creation.runsPerSecond} | |

Runs completed per minute as WORKER_CONCURRENCY grows (3 runs per slot; each run opens a
context, loads a fixture page, observes, screenshots, answers). Memory: peak RSS of the
process and the Chromium it started.

| WORKER_CONCURRENCY | runs per minute | peak memory |
|---|---|---|
${runs.throughput.map((t) => `| ${t.concurrency} | ${t.runsPerMinute} | ${t.peakMb} MB |`).join("\n")}
`;
// Sections written by the other benchmarks (agent, Lighthouse, live browser) are kept as they are.
const file = path.join(root, "docs/benchmarks.md");
const ours = new Set(
  doc
    .split("\n## ")
    .slice(1)
    .map((section) => section.split("\n")[0]),
);
const kept = readFileSync(file, "utf8")
  .split("\n## ")
  .slice(1)
  .filter((section) => !ours.has(section.split("\n")[0]));
writeFileSync(file, [doc.trimEnd(), ...kept.map((section) => `## ${section.trimEnd()}`)].join("\n\n") + "\n");
console.log("wrote docs/benchmarks.md");
