// Benchmark: the public API under load (autocannon, loopback, embedded Postgres), each figure beside
// a bare node:http server answering the same JSON in the same run, so a busy machine shows as a
// ratio rather than a worse number. Writes its section of docs/benchmarks.md.
import { execFileSync, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:http";
import os from "node:os";
import type autocannon from "autocannon";
import { localCaller, revealApiKey } from "@errand/services/accounts";
import { createTaskWithRun } from "@errand/services/runs";
import { startBenchServer } from "./bench-server.ts";
import { writeBenchSection } from "./write-section.ts";

// The load generator runs in a process of its own on a core of its own, and this process (the API,
// the bare server, and the Postgres it starts) on the others: autocannon in this process shared
// its event loop with the servers it measured, and its own delays showed as theirs (the bare
// server's p99 was 64 ms at 1,000/s). Without taskset or a second core (or with API_BENCH_PIN=0),
// the processes share the cores.
const cores = os.availableParallelism();
const pinned = process.env.API_BENCH_PIN !== "0" && cores >= 2 && hasTaskset();
if (pinned) execFileSync("taskset", ["-a", "-cp", `0-${cores - 2}`, String(process.pid)], { stdio: "ignore" });

// No worker: created runs stay queued, so the measure is the API and the database only (the
// pending-runs limit raised out of the way). The rate limit stays on, raised above the load.
const bench = await startBenchServer("api", {
  BILLING: "off",
  API_RATE_LIMIT: "100000",
  PENDING_RUNS_PER_ACCOUNT: "10000",
  WORKER_CONCURRENCY: "0",
});
const { runtime, server } = bench;
const caller = await localCaller({ ctx: runtime.ctx, input: { email: "api-bench@errand.local" } });
const { apiKey } = await revealApiKey({ ctx: runtime.ctx, caller, input: {} });
const { run } = await createTaskWithRun({ ctx: runtime.ctx, caller, input: { settings: { prompt: "read me" } } });
const headers = { "x-api-key": apiKey, "content-type": "application/json" };
const readUrl = `${server.url}/api/v1/runs/${run.id}`;

// The baseline: the same bytes the API answers, from a server that does nothing else.
const body = await (await fetch(readUrl, { headers })).text();
const bare = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
const address = bare.address();
const bareUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;

/** One autocannon load, from its command line in a child process; its JSON result. */
function load(opts: {
  url: string;
  connections: number;
  duration: number;
  overallRate?: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
}) {
  const args = [AUTOCANNON, "--json", "-c", String(opts.connections), "-d", String(opts.duration)];
  if (opts.overallRate) args.push("-R", String(opts.overallRate));
  for (const [key, value] of Object.entries(opts.headers ?? {})) args.push("-H", `${key}=${value}`);
  if (opts.method) args.push("-m", opts.method);
  if (opts.body) args.push("-b", opts.body);
  args.push(opts.url);
  const [command, commandArgs] = pinned ? ["taskset", ["-c", String(cores - 1), process.execPath, ...args]] : [process.execPath, args];
  return new Promise<autocannon.Result>((resolve, reject) => {
    const child = spawn(command, commandArgs as string[], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(out) as autocannon.Result) : reject(new Error(`autocannon exited with ${code}`)),
    );
  });
}
const summary = (r: autocannon.Result) => ({
  requestsPerSecond: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});
const AUTOCANNON = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
const loadAverage = () => Number((os.loadavg()[0] ?? 0).toFixed(1));

// Warm both (JIT, connection pools, the caller cache), then alternate them so that a burst of
// other work on the machine falls on both sides alike.
await load({ url: readUrl, connections: 10, duration: 2, headers });
await load({ url: bareUrl, connections: 10, duration: 2 });
const maxRate = { api: [] as autocannon.Result[], bare: [] as autocannon.Result[] };
const ROUNDS = 3;
for (let round = 0; round < ROUNDS; round++) {
  maxRate.bare.push(await load({ url: bareUrl, connections: 10, duration: 5 }));
  maxRate.api.push(await load({ url: readUrl, connections: 10, duration: 5, headers }));
}
const atRate = (url: string, extra: { headers?: Record<string, string> } = {}) =>
  load({ url, connections: 50, overallRate: 1000, duration: 10, ...extra });
const fixedBare = await atRate(bareUrl);
const fixedApi = await atRate(readUrl, { headers });
const create = await load({
  url: `${server.url}/api/v1/runs`,
  method: "POST",
  connections: 10,
  duration: 5,
  headers,
  body: JSON.stringify({ prompt: "load test", response_format: "text" }),
});

const best = (results: autocannon.Result[]) => summary(results.reduce((a, b) => (b.requests.average > a.requests.average ? b : a)));
const result = {
  load: loadAverage(),
  readMax: best(maxRate.api),
  bareMax: best(maxRate.bare),
  readAt1000: summary(fixedApi),
  bareAt1000: summary(fixedBare),
  createRun: summary(create),
};
const ratio = result.readMax.requestsPerSecond / result.bareMax.requestsPerSecond;
// Each round's API rate over the bare server's just before it: a burst of other work on the
// machine falls on one pair, not on the best of each side.
const roundRatios = maxRate.api.map((r, i) => r.requests.average / (maxRate.bare[i]?.requests.average ?? Number.NaN)).sort((a, b) => a - b);
const medianRatio = roundRatios[Math.floor(roundRatios.length / 2)] ?? Number.NaN;
writeBenchSection(
  "## Public API under load",
  `## Public API under load (bench/api-bench.ts)

autocannon on loopback (${pinned ? `in its own process on core ${cores - 1}, the servers and Postgres on the other ${cores - 1}` : "in its own process, sharing the cores"}), embedded Postgres, API key auth and the per-key rate limit on (its limit
raised above the load), no worker (created runs stay queued). The baseline is a bare node:http
server answering the same JSON, measured in the same run, alternating with the API (best of three
5 s rounds each at 10 connections); then each at an offered 1,000 requests/s (50 connections,
10 s). Load average at the end: ${result.load}.

| what | requests/s | p50 | p99 | non-2xx |
|---|---|---|---|---|
| GET /api/v1/runs/{id}, as fast as it goes | ${result.readMax.requestsPerSecond} | ${result.readMax.p50Ms} ms | ${result.readMax.p99Ms} ms | ${result.readMax.non2xx} |
| bare server, as fast as it goes | ${result.bareMax.requestsPerSecond} | ${result.bareMax.p50Ms} ms | ${result.bareMax.p99Ms} ms | ${result.bareMax.non2xx} |
| GET /api/v1/runs/{id} at 1,000/s offered | ${result.readAt1000.requestsPerSecond} | ${result.readAt1000.p50Ms} ms | ${result.readAt1000.p99Ms} ms | ${result.readAt1000.non2xx} |
| bare server at 1,000/s offered | ${result.bareAt1000.requestsPerSecond} | ${result.bareAt1000.p50Ms} ms | ${result.bareAt1000.p99Ms} ms | ${result.bareAt1000.non2xx} |
| POST /api/v1/runs, as fast as it goes | ${result.createRun.requestsPerSecond} | ${result.createRun.p50Ms} ms | ${result.createRun.p99Ms} ms | ${result.createRun.non2xx} |

Read rate against the bare server: ${ratio.toFixed(3)} (best against best; the median of the rounds'
ratios ${medianRatio.toFixed(3)}; target at least 0.10). Target p99 at
1,000/s: under 10 ms on a quiet machine.
`,
);
process.stdout.write(`RESULT ${JSON.stringify({ ...result, ratio, medianRatio })}\n`);
// autocannon stops at its duration without waiting for the answers in flight: let the server give
// them before it closes its queue (the runs they create would otherwise log that they could not be queued).
await new Promise((resolve) => setTimeout(resolve, 3000));
bare.close();
await bench.close();
process.exit(0);

function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
