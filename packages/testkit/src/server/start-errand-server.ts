// The real `errand serve` as a child process, for tests of clients (the SDK, the CLI against a
// remote server, the MCP server): its own fake model and fixture websites on loopback, a
// temporary data directory, a free port, and the caller's database.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeModelServer } from "../fake-model/start-fake-model-server.ts";
import type { FakeResponder } from "../fake-model/types.ts";
import { startFixtureSites } from "../fixture-sites/start-fixture-sites.ts";
import { testBrowserPath } from "../browser/test-browser-path.ts";
import { stopWithThisProcess } from "../lib/stop-with-this-process.ts";
import { signUpAt } from "./sign-up.ts";
import type { ErrandTestServer, StartErrandServerOptions } from "./types.ts";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const CLI_BIN = path.join(REPO_ROOT, "packages/cli/bin/errand.mjs");
/** How much of the server's output is kept (its tail is printed when start-up fails). */
const OUTPUT_LIMIT = 200_000;

export const doneResponder: FakeResponder = () => ({ toolCalls: [{ name: "done", arguments: { success: true, text: "Done." } }] });

export async function startErrandServer(options: StartErrandServerOptions): Promise<ErrandTestServer> {
  const model = await startFakeModelServer();
  model.setResponder(options.responder ?? doneResponder);
  const sites = await startFixtureSites();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "errand-test-server-"));
  const child = spawn(process.execPath, [CLI_BIN, "serve"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      BROWSER_PATH: testBrowserPath(),
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: String(port),
      BASE_URL: baseUrl,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      BILLING: options.billing ?? "off",
      WORKER_CONCURRENCY: String(options.workerConcurrency ?? 1),
      LLM_BASE_URL: model.url,
      LLM_API_KEY: "test",
      ALLOW_PRIVATE_NETWORK: "true",
      // Tests sign up many accounts from one address.
      AUTH_RATE_LIMIT: "1000",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  stopWithThisProcess(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stopAll = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await Promise.all([model.close(), sites.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForStart(() => output, child, options.startTimeoutMs ?? 90_000);
  } catch (error) {
    await stopAll();
    const tail = output.split("\n").slice(-40).join("\n");
    throw new Error(`${(error as Error).message}\n--- errand serve output (tail) ---\n${tail}`, { cause: error });
  }

  let accounts = 0;
  return {
    baseUrl,
    model,
    sites,
    output: () => output,
    close: stopAll,
    signUp: () => signUpAt(baseUrl, `sdk-${process.pid}-${Date.now()}-${++accounts}@example.com`),
  };
}

async function waitForStart(output: () => string, child: ReturnType<typeof spawn>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!/Errand is running at/.test(output())) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`errand serve exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    if (Date.now() > deadline) throw new Error(`errand serve was not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once("error", reject)
      .listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
  });
}
