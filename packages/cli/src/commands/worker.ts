import { loadConfig } from "@errand/config";
import { browserCheck, startHealthServer } from "@errand/server/endpoints";
import { createLogger, installConsoleBridge } from "@errand/services/logging";
import { renderMetrics } from "@errand/services/metrics";
import { createRuntime } from "../runtime/create-runtime.ts";
import { onShutdown } from "../runtime/on-shutdown.ts";
import { installProcessGuards } from "../runtime/process-guards.ts";

/**
 * Executes queued runs only: start as many as needed, on any machine reaching the database.
 * `--health`: also answers /api/health and /api/ready on HOST:PORT (containers and Kubernetes probes),
 * and /metrics when METRICS_TOKEN is set.
 */
export async function workerCommand(args: string[] = []): Promise<void> {
  const config = loadConfig();
  // What libraries print (node server errors, better-auth's fallback) is escaped and bounded like ours.
  installConsoleBridge(createLogger(config.logLevel, undefined, config.logFormat));
  const runtime = await createRuntime(config);
  let closeHealth = async () => {};
  installProcessGuards(
    runtime.log,
    onShutdown(async () => {
      await closeHealth();
      await runtime.close();
    }, config.shutdownGraceMs),
  );
  const concurrency = Math.max(1, config.workerConcurrency);
  // Its runs' live view and take-over, relayed by the API processes (ADR 0013).
  await runtime.startLiveEndpoint();
  await runtime.startWorker(concurrency);
  if (args.includes("--health")) {
    const health = await startHealthServer({
      database: runtime.database,
      browser: browserCheck({ browserPath: config.browserPath, cdpUrl: config.browserCdpUrl }),
      port: config.port,
      host: config.host,
      // This process's own metrics (runs, steps, tokens, browsers, webhooks it handled); the
      // installation-wide gauges (runs by state, queue) come from the API processes.
      metrics: { token: config.metricsToken, render: () => renderMetrics({ ctx: runtime.ctx, input: { database: false } }) },
    });
    closeHealth = () => health.close();
    process.stdout.write(`Health endpoints on port ${health.port}: /api/health, /api/ready${config.metricsToken ? ", /metrics" : ""}\n`);
  }
  process.stdout.write(`Errand worker running ${concurrency} run(s) at once. Press Ctrl-C to stop.\n`);
}
