import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "@errand/config";
import { startServer } from "@errand/server";
import { createRuntime } from "../packages/cli/src/runtime/create-runtime.ts";
import { serverDeps } from "../packages/cli/src/runtime/server-deps.ts";

// How every bench stands Errand up: a throwaway data directory (embedded Postgres included), the
// runtime `errand serve` builds, and for most the real HTTP server on a random loopback port.

/**
 * The settings of a bench that runs many tasks on this machine: nothing charged, no pending-run
 * limit in the way, the fake model at `modelUrl`, fixture sites on loopback, BROWSER_PATH as given.
 */
export const manyRunsEnv = (modelUrl: string) => ({
  BILLING: "off",
  PENDING_RUNS_PER_ACCOUNT: "1000",
  LLM_BASE_URL: modelUrl,
  ALLOW_PRIVATE_NETWORK: "true",
  BROWSER_PATH: process.env.BROWSER_PATH ?? "",
});

/**
 * The runtime on a fresh data directory, with `env` on top of DATA_DIR and LOG_LEVEL=error. The
 * directory is world-readable: the browser the runtime starts reads the files it holds.
 */
export async function startBenchRuntime(name: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `errand-bench-${name}-`));
  chmodSync(dataDir, 0o755);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "error", ...env });
  const runtime = await createRuntime(config);
  return {
    config,
    runtime,
    ctx: runtime.ctx,
    async close() {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The runtime and the HTTP server on a random port of 127.0.0.1; `host` (as "localhost") names it
 * in its URLs instead of 127.0.0.1, BASE_URL included.
 */
export async function startBenchServer(name: string, env: Record<string, string>, options: { host?: string } = {}) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const baseUrl = `http://${options.host ?? "127.0.0.1"}:${port}`;
  const bench = await startBenchRuntime(name, { PORT: String(port), ...(options.host ? { BASE_URL: baseUrl } : {}), ...env });
  const server = await startServer({
    ...serverDeps(bench.runtime),
    apiRateLimit: bench.config.apiRateLimit,
    port,
    host: "127.0.0.1",
    baseUrl,
    trustProxy: 0,
  });
  return {
    ...bench,
    server,
    baseUrl,
    async close() {
      await server.close();
      await bench.close();
    },
  };
}
