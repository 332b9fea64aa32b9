import { loadConfig } from "@errand/config";
import { createLogger, installConsoleBridge } from "@errand/services";
import { createRuntime } from "../runtime/create-runtime.ts";
import { onShutdown } from "../runtime/on-shutdown.ts";
import { installProcessGuards } from "../runtime/process-guards.ts";

/** Executes queued runs only (no HTTP): start as many as needed, on any machine reaching the database. */
export async function workerCommand(): Promise<void> {
  const config = loadConfig();
  // What libraries print (node server errors, better-auth's fallback) is escaped and bounded like ours.
  installConsoleBridge(createLogger(config.logLevel));
  const runtime = await createRuntime(config);
  installProcessGuards(runtime.log, onShutdown(() => runtime.close()));
  const concurrency = Math.max(1, config.workerConcurrency);
  await runtime.startWorker(concurrency);
  process.stdout.write(`Errand worker running ${concurrency} run(s) at once. Press Ctrl-C to stop.\n`);
}
