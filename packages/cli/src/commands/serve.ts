import { loadConfig } from "@errand/config";
import { browserCheck, startServer } from "@errand/server";
import { createLogger, installConsoleBridge } from "@errand/services/logging";
import { createRuntime } from "../runtime/create-runtime.ts";
import { onShutdown } from "../runtime/on-shutdown.ts";
import { installProcessGuards } from "../runtime/process-guards.ts";
import { seedCatalog } from "../runtime/seed-catalog.ts";
import { serverDeps } from "../runtime/server-deps.ts";

/**
 * The web app, the API and (unless `--role api` or WORKER_CONCURRENCY=0) a worker, until
 * SIGINT/SIGTERM/SIGHUP; then the HTTP server closes, running runs get their grace, and the
 * queue, the browser and the embedded Postgres stop, in that order.
 */
export async function serveCommand(args: string[]): Promise<void> {
  const role = args.includes("--role") ? args[args.indexOf("--role") + 1] : "all";
  if (role !== "all" && role !== "api") throw new Error(`Unknown --role "${role}": use api (no worker) or leave it out`);
  const config = loadConfig();
  // What libraries print (node server errors, better-auth's fallback) is escaped and bounded like ours.
  installConsoleBridge(createLogger(config.logLevel, undefined, config.logFormat));
  const runtime = await createRuntime(config);
  // From here a signal (or an uncaught exception) stops everything, Postgres last.
  let closeServer = async () => {};
  const stop = onShutdown(async () => {
    await closeServer();
    await runtime.close();
  }, config.shutdownGraceMs);
  installProcessGuards(runtime.log, stop);
  await seedCatalog(runtime.ctx);
  // Its login browsers and runs, relayed by the other API processes (ADR 0013).
  await runtime.startLiveEndpoint();
  const runsWorker = role === "all" && config.workerConcurrency > 0;
  const server = await startServer({
    ...serverDeps(runtime),
    authRateLimit: config.authRateLimit,
    apiRateLimit: config.apiRateLimit,
    port: config.port,
    host: config.host,
    baseUrl: config.baseUrl,
    trustProxy: config.trustProxy,
    oauth: config.oauth,
    browserCheck: runsWorker ? browserCheck({ browserPath: config.browserPath, cdpUrl: config.browserCdpUrl }) : undefined,
    metricsToken: config.metricsToken,
  });
  closeServer = () => server.close();
  if (runsWorker) await runtime.startWorker(config.workerConcurrency);
  process.stdout.write(`\n  Errand is running at ${server.url}\n  Press Ctrl-C to stop.\n\n`);
}
