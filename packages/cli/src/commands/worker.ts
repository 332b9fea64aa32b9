import { loadConfig } from "@errand/config";
import { createRuntime } from "../runtime/create-runtime.ts";
import { onShutdown } from "../runtime/on-shutdown.ts";

/** Executes queued runs only (no HTTP): start as many as needed, on any machine reaching the database. */
export async function workerCommand(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config);
  const concurrency = Math.max(1, config.workerConcurrency);
  await runtime.startWorker(concurrency);
  process.stdout.write(`Errand worker running ${concurrency} run(s) at once. Press Ctrl-C to stop.\n`);
  onShutdown(() => runtime.close());
}
