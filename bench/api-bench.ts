// Benchmark: the public API under load (autocannon, loopback, embedded Postgres), each figure beside
// a bare node:http server answering the same JSON in the same run, so a busy machine shows as a
// ratio rather than a worse number. Writes its section of docs/benchmarks.md.
import { createServer } from "node:http";
import os from "node:os";
import autocannon from "autocannon";
import { localCaller, revealApiKey } from "@errand/services/accounts";
import { createTaskWithRun } from "@errand/services/runs";
import { startBenchServer } from "./bench-server.ts";
import { writeBenchSection } from "./write-section.ts";

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

const load = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (error, result) => (error ? reject(error) : resolve(result))));
const summary = (r: autocannon.Result) => ({
  requestsPerSecond: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});
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
const atRate = (url: string, extra: Partial<autocannon.Options> = {}) =>
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

autocannon on loopback, embedded Postgres, API key auth and the per-key rate limit on (its limit
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
bare.close();
await bench.close();
process.exit(0);
