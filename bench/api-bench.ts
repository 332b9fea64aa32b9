// Benchmark: the public API under load (autocannon, loopback, embedded Postgres):
// reading a run and creating runs, p50/p99 latency and requests per second.
import autocannon from "autocannon";
import { localCaller, revealApiKey } from "@errand/services/accounts";
import { createTaskWithRun } from "@errand/services/runs";
import { startBenchServer } from "./bench-server.ts";

// No worker: created runs stay queued, so the measure is the API and the database only (the
// pending-runs limit raised out of the way, like the rate limit).
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

const load = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (error, result) => (error ? reject(error) : resolve(result))));
const summary = (r: autocannon.Result) => ({
  requestsPerSecond: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});
const headers = { "x-api-key": apiKey, "content-type": "application/json" };
const read = await load({ url: `${server.url}/api/v1/runs/${run.id}`, connections: 10, duration: 10, headers });
const create = await load({
  url: `${server.url}/api/v1/runs`,
  method: "POST",
  connections: 10,
  duration: 10,
  headers,
  body: JSON.stringify({ prompt: "load test", response_format: "text" }),
});
process.stdout.write(`RESULT ${JSON.stringify({ readRun: summary(read), createRun: summary(create) })}\n`);
await bench.close();
process.exit(0);
