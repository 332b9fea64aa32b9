// Benchmark: the public API under load (autocannon, loopback, embedded Postgres):
// reading a run and creating runs, p50/p99 latency and requests per second.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { loadConfig } from "@errand/config";
import { startServer } from "@errand/server";
import { localCaller, revealApiKey } from "@errand/services/accounts";
import { createTaskWithRun } from "@errand/services/runs";
import { createRuntime } from "../packages/cli/src/runtime/create-runtime.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "errand-bench-api-"));
chmodSync(dataDir, 0o755);
const port = 20000 + Math.floor(Math.random() * 20000);
// No worker: created runs stay queued, so the measure is the API and the database only.
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: String(port),
  BILLING: "off",
  LOG_LEVEL: "error",
  API_RATE_LIMIT: "100000",
  WORKER_CONCURRENCY: "0",
});
const runtime = await createRuntime(config);
const server = await startServer({
  ctx: runtime.ctx,
  database: runtime.database,
  events: runtime.events,
  storage: runtime.storage,
  authSecret: runtime.secrets.authSecret,
  apiRateLimit: config.apiRateLimit,
  port,
  host: "127.0.0.1",
  baseUrl: `http://127.0.0.1:${port}`,
  trustProxy: 0,
});
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
await server.close();
await runtime.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
