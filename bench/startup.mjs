// Time from `npm start` (dependencies installed, web app built) to the first 200 response,
// for a first start (new DATA_DIR: the Postgres cluster is created) and a second start (data
// reused). Reported next to a baseline measured in the same run: a bare Node HTTP server
// spawned the same way, so the ratio shows what Errand adds on this machine.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function timeToFirst200(command, args, env, url) {
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: "ignore", detached: true });
  try {
    for (;;) {
      try {
        const res = await fetch(url);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error(`no 200 from ${url} within 120 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    process.kill(-child.pid, "SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

export async function benchStartup({ runs = 3 } = {}) {
  const results = { baseline: [], first: [], second: [] };
  for (let i = 0; i < runs; i++) {
    let port = await freePort();
    results.baseline.push(
      await timeToFirst200(
        "npm",
        ["exec", "--", "node", "-e", `require("http").createServer((q,s)=>s.end("ok")).listen(${port})`],
        {},
        `http://127.0.0.1:${port}/`,
      ),
    );
    const dataDir = mkdtempSync(path.join(tmpdir(), "errand-bench-"));
    chmodSync(dataDir, 0o755);
    try {
      port = await freePort();
      const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" };
      results.first.push(await timeToFirst200("npm", ["start"], env, `http://127.0.0.1:${port}/`));
      port = await freePort();
      results.second.push(await timeToFirst200("npm", ["start"], { ...env, PORT: String(port) }, `http://127.0.0.1:${port}/`));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(results.baseline);
  return {
    baselineMs: Math.round(base),
    firstStartMs: Math.round(median(results.first)),
    secondStartMs: Math.round(median(results.second)),
    firstRatio: +(median(results.first) / base).toFixed(1),
    secondRatio: +(median(results.second) / base).toFixed(1),
    runs,
  };
}
