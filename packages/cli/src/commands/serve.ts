import { loadConfig } from "@errand/config";
import { startServer } from "@errand/server";
import { createRuntime } from "../runtime/create-runtime.ts";
import { onShutdown } from "../runtime/on-shutdown.ts";
import { seedCatalog } from "../runtime/seed-catalog.ts";

/**
 * The web app, the API and (unless `--role api` or WORKER_CONCURRENCY=0) a worker, until
 * SIGINT/SIGTERM; then everything closes, the embedded Postgres included.
 */
export async function serveCommand(args: string[]): Promise<void> {
  const role = args.includes("--role") ? args[args.indexOf("--role") + 1] : "all";
  if (role !== "all" && role !== "api") throw new Error(`Unknown --role "${role}": use api (no worker) or leave it out`);
  const config = loadConfig();
  const runtime = await createRuntime(config);
  await seedCatalog(runtime.ctx);
  const server = await startServer({
    ctx: runtime.ctx,
    database: runtime.database,
    events: runtime.events,
    storage: runtime.storage,
    authSecret: runtime.secrets.authSecret,
    authRateLimit: config.authRateLimit,
    apiRateLimit: config.apiRateLimit,
    port: config.port,
    host: config.host,
    baseUrl: config.baseUrl,
    trustProxy: config.trustProxy,
    oauth: config.oauth,
  });
  if (role === "all" && config.workerConcurrency > 0) await runtime.startWorker(config.workerConcurrency);
  process.stdout.write(`\n  Errand is running at ${server.url}\n  Press Ctrl-C to stop.\n\n`);
  onShutdown(async () => {
    await server.close();
    await runtime.close();
  });
}
