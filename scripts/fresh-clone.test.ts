// `npm start` and `npm test` from a fresh clone on a Node older than 24: they bring Node 24 from
// the npm registry and run on it (docs/adr/0014-node-24-and-how-the-commands-bring-it.md). The
// older Node is the system's when it is older, else one fetched from the registry, so that a
// machine that already has Node 24 cannot make this pass without the bootstrap.
//
// To stay well under a minute the clone is not installed from scratch: its node_modules is a
// link to this checkout's (workspace packages then resolve to this checkout's sources; what is
// under test, scripts/ with .node-version and package.json, is the clone's), its lockfile keeps
// the installed tree's time so no `npm install` starts, and its web build is a placeholder.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { nodeCacheDir, nodeFromRegistry, pinnedNodeVersion } from "./lib/ensure-node.mjs";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const ROOT = path.resolve(import.meta.dirname, "..");
const PINNED = pinnedNodeVersion(ROOT);
/** Fetched when the machine has no Node older than the pinned major (npm 11 runs on it). */
const OLDER_NODE = "20.20.2";

let workDir: string;
let clone: string;
let olderNode: { binary: string; version: string };
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), "errand-fresh-clone-"));
  chmodSync(workDir, 0o755);
  clone = path.join(workDir, "errand");
  execFileSync("git", ["clone", "--quiet", "--no-checkout", ROOT, clone]);
  // HEAD itself, even when no branch points at it (a detached CI checkout).
  execFileSync("git", ["-C", clone, "fetch", "--quiet", ROOT, "HEAD"]);
  execFileSync("git", ["-C", clone, "checkout", "--quiet", "--detach", "FETCH_HEAD"]);

  symlinkSync(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"));
  const installed = statSync(path.join(ROOT, "node_modules/.package-lock.json")).mtime;
  utimesSync(path.join(clone, "package-lock.json"), installed, installed);
  const dist = path.join(clone, "apps/web/dist");
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Errand</title>");
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(dist, "index.html"), later, later);

  olderNode = findOlderNode();
  env = {
    // npm itself is found further on and runs on the older Node (its `#!/usr/bin/env node`).
    PATH: [
      path.dirname(olderNode.binary),
      ...(process.env.PATH ?? "").split(path.delimiter).filter((dir) => !dir.startsWith(path.join(ROOT, ".cache"))),
    ].join(path.delimiter),
    HOME: process.env.HOME ?? workDir,
    ...(process.env.BROWSER_PATH ? { BROWSER_PATH: process.env.BROWSER_PATH } : {}),
    LOG_LEVEL: "warn",
    WORKER_CONCURRENCY: "0",
  };
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("a fresh clone on an older Node", () => {
  it("npm start brings Node 24, serves on it, and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    const dataDir = path.join(workDir, "data");
    mkdirSync(dataDir, { mode: 0o755 });
    const start = spawnLogged("npm", ["start"], { ...env, PORT: String(port), DATA_DIR: dataDir }, { detached: true });
    try {
      await expect
        .poll(
          async () =>
            await fetch(`http://127.0.0.1:${port}/api/health`)
              .then((r) => r.json())
              .catch(() => start.output().slice(-2000)),
          { timeout: 150_000, interval: 500 },
        )
        .toEqual({ status: "ok", node: PINNED });

      // Sent to npm alone, as a process manager does: it reaches the server through both Nodes.
      start.child.kill("SIGTERM");
      expect(await start.exited).toBe(0);
    } finally {
      if (start.child.exitCode === null) process.kill(-start.child.pid!, "SIGTERM");
      await start.exited;
    }
    expect(start.output()).toContain(oneLine());
    expect(start.output()).toContain("Stopped.");
    // Fetched into the clone's own cache (from npm's cache when this machine fetched it before).
    expect(existsSync(nodeCacheDir(clone, PINNED))).toBe(true);
  });

  it("npm test brings Node 24, runs its first check on it, and leaves no temporary folder when stopped", async () => {
    // Its own temporary folder, to see what a stopped `npm test` leaves behind.
    const tmp = path.join(workDir, "tmp");
    mkdirSync(tmp);
    chmodSync(tmp, 0o1777);
    const test = spawnLogged("npm", ["test"], { ...env, TMPDIR: tmp }, { detached: true });
    try {
      await expect.poll(() => test.output(), { timeout: 150_000, interval: 500 }).toMatch(/✔ Licences of production dependencies|✖/);
      expect(test.output()).toContain(oneLine());
      expect(test.output()).toContain("✔ Licences of production dependencies");
      // Second run: the cached binary, nothing fetched.
      expect(test.output()).not.toContain("Fetching Node");
    } finally {
      // The rest of the suite is this very run's job.
      if (test.child.exitCode === null) process.kill(-test.child.pid!, "SIGTERM");
      await test.exited;
    }
    await expect.poll(() => readdirSync(tmp).filter((name) => name.startsWith("errand-test-")), { timeout: 15_000 }).toEqual([]);
  });
});

/** The line the bootstrap prints, for the older Node found. */
const oneLine = () =>
  `Node ${olderNode.version} is older than ${PINNED.split(".")[0]}: running on Node ${PINNED} from the npm registry (.cache/node/${PINNED})`;

/** A Node older than the pinned major: the first on PATH, or one fetched from the registry. */
function findOlderNode(): { binary: string; version: string } {
  const wanted = Number(PINNED.split(".")[0]);
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const binary = path.join(dir, "node");
    if (!dir || !existsSync(binary)) continue;
    const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim().replace(/^v/, "");
    if (Number(version.split(".")[0]) < wanted) return { binary, version };
  }
  const binary = nodeFromRegistry(ROOT, OLDER_NODE);
  return { binary, version: OLDER_NODE };
}

function spawnLogged(command: string, args: string[], childEnv: NodeJS.ProcessEnv, options: { detached?: boolean } = {}) {
  let text = "";
  const child: ChildProcess = spawn(command, args, {
    cwd: clone,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached,
  });
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => text };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
