import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createIsolatedTestDb } from "@errand/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROOT, dockerInstructions, imageEnv, readYaml } from "./deploy-files.ts";

// The image's command lines, run here as real processes (no Docker daemon on this machine):
// ENTRYPOINT without tini, the image's ENV, and the arguments docker-compose.yml gives.
vi.setConfig({ testTimeout: 90_000 });

const entrypoint = JSON.parse(dockerInstructions().findLast((i) => i.op === "ENTRYPOINT")!.args) as string[];
const [node, cli] = entrypoint.slice(entrypoint.indexOf("--") + 1);
const services = (readYaml("deploy/docker-compose.yml") as { services: Record<string, { command: string[] }> }).services;

let database: Awaited<ReturnType<typeof createIsolatedTestDb>>;
const dataDir = mkdtempSync(path.join(tmpdir(), "errand-entrypoint-"));
const children: ChildProcess[] = [];
beforeAll(async () => {
  database = await createIsolatedTestDb();
});
afterAll(async () => {
  await Promise.all(children.map((child) => stop(child)));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the image's entry point, run on this machine", () => {
  it("migrate, then an API process (serve --role api) and a worker (worker --health) become ready", async () => {
    expect(node).toBe("node");
    const [apiPort, workerPort] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      PATH: process.env.PATH ?? "",
      ...Object.fromEntries(imageEnv()),
      // The image listens on 0.0.0.0; tests stay on loopback.
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      BROWSER_PATH: process.env.BROWSER_PATH || imageEnv().get("BROWSER_PATH")!,
      DATABASE_URL: database.url,
      AUTH_SECRET: "entrypoint-test-secret-entrypoint-test-secret",
      ENCRYPTION_KEY: "ab".repeat(32),
      BILLING: "off",
      LOG_LEVEL: "warn",
    });

    const migrate = start(services.migrate!.command, env(apiPort));
    expect(await exitCode(migrate.child)).toBe(0);
    expect(migrate.output()).toContain("Migrations applied.");

    const api = start(services.api!.command, env(apiPort));
    const worker = start(services.worker!.command, env(workerPort));
    const apiReady = await readyAt(apiPort, api);
    expect(apiReady).toMatchObject({ status: "ok", checks: { database: { ok: true }, queue: { ok: true }, browser: { used: false } } });
    const workerReady = await readyAt(workerPort, worker);
    expect(workerReady).toMatchObject({ status: "ok", checks: { browser: { ok: true, detail: expect.stringMatching(/chrom/i) } } });
    expect((await fetch(`http://127.0.0.1:${apiPort}/api/health`)).status).toBe(200);
  });
});

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(ROOT, cli!.replace(/^\/app\//, "")), ...args], {
    env,
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Polls /api/ready until it answers 200 (the process may still be starting); fails if the process exits. */
async function readyAt(port: number, proc: ReturnType<typeof start>): Promise<unknown> {
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`exited ${proc.child.exitCode}:\n${proc.output()}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
    if (res?.status === 200) return res.json();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await exitCode(child);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}
