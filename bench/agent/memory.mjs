// Memory per extra concurrent run with one shared Chromium: RSS of this Node process and all
// its descendants (Chromium's browser, GPU, network, renderer processes) with N runs in flight,
// each on a different real product page from the corpus (loopback only). The per-run figure is
// the slope of RSS over N; the capacity estimate divides the memory available at the start by it.
// Run: npx tsx bench/agent/memory.mjs [N,N,...]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { startFakeModelServer } from "@errand/testkit";
import { createBrowserManager, createModel, runAgent } from "../../packages/agent/src/index.ts";
import { blockExternal, percentile, printFigures, round, serveCorpus } from "./lib.mjs";

const counts = (process.argv[2] ?? "1,2,4,8").split(",").map(Number);

/** The process tree under rootPid (itself included). */
function treePids(rootPid) {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number));
  const children = new Map();
  for (const [pid, ppid] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const out = [];
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/**
 * Memory of a process tree in MB: RSS (shared pages counted in every process) and PSS (shared
 * pages split between the processes that map them: the fair share, what the tree really costs).
 */
function treeMemoryMb(rootPid) {
  let rss = 0;
  let pss = 0;
  const pids = treePids(rootPid);
  for (const pid of pids) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // the process ended
    }
  }
  return { rss: rss / 1024, pss: pss / 1024, processes: pids.length };
}

/** Five samples of this process tree's memory, 400 ms apart: the median PSS and RSS, and the most processes seen. */
async function sampleTreeMemory() {
  const samples = [];
  for (let s = 0; s < 5; s++) {
    samples.push(treeMemoryMb(process.pid));
    await new Promise((r) => setTimeout(r, 400));
  }
  const median = (key) =>
    round(
      percentile(
        samples.map((x) => x[key]),
        50,
      ),
    );
  return { pssMb: median("pss"), rssMb: median("rss"), processes: Math.max(...samples.map((x) => x.processes)) };
}

function availableMb() {
  const m = /MemAvailable:\s+(\d+) kB/.exec(readFileSync("/proc/meminfo", "utf8"));
  return m ? Number(m[1]) / 1024 : os.freemem() / 2 ** 20;
}

const [model, corpus] = await Promise.all([startFakeModelServer(), serveCorpus()]);
const extraArgs = (process.env.CHROMIUM_EXTRA_ARGS ?? "").split(" ").filter(Boolean);
const browser = createBrowserManager({ browserPath: process.env.BROWSER_PATH || undefined, extraArgs });
const startAvailable = availableMb();
const results = [];
try {
  // Warm the browser up once so the first measurement is not the launch.
  (await browser.newContext()).close();
  const idle = treeMemoryMb(process.pid);
  for (const n of counts) {
    model.reset();
    let release = false;
    const reached = new Set();
    const stepMs = [];
    // Each run waits on its page (short waits) until released, then finishes.
    model.setResponder((req) => {
      const run = /RUN-(\d+)/.exec(JSON.stringify(req.messages.map((m) => m.text)))?.[1];
      if (run !== undefined && req.messages.filter((m) => m.role === "tool").length >= 1) reached.add(run);
      return release
        ? { toolCalls: [{ name: "done", arguments: { success: true, text: "ok" } }] }
        : { toolCalls: [{ name: "wait", arguments: { seconds: 0.2 } }] };
    });
    const runs = Array.from({ length: n }, async (_, i) => {
      const page = corpus.pages[i % corpus.pages.length];
      const context = await browser.newContext({ network: { allowHosts: [new URL(corpus.origin).host] } });
      await blockExternal(context, corpus.origin);
      try {
        return await runAgent({
          task: { prompt: `RUN-${i}: look at the product`, initialUrl: `${corpus.origin}${page.path}`, responseFormat: "text" },
          model: createModel({ provider: "openai", model: "gpt-4.1", apiKey: "bench", baseUrl: model.url }),
          vision: false,
          context,
          network: { allowPrivate: true },
          limits: { timeoutMs: 600_000, maxSteps: 10_000 },
          onEvent: (e) => {
            if (e.type === "step") stepMs.push(e.step.durationMs);
          },
        });
      } finally {
        await context.close();
      }
    });
    const deadline = Date.now() + 120_000;
    while (reached.size < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const memory = await sampleTreeMemory();
    release = true;
    await Promise.all(runs);
    results.push({
      runs: n,
      ...memory,
      stepP50Ms: round(percentile(stepMs, 50)),
      stepP95Ms: round(percentile(stepMs, 95)),
    });
  }
  // Baseline: the same pages open in bare contexts (no agent), the memory the pages themselves take.
  const bare = [];
  for (const n of counts) {
    const contexts = [];
    for (let i = 0; i < n; i++) {
      const context = await browser.newContext({ network: { allowHosts: [new URL(corpus.origin).host] } });
      await blockExternal(context, corpus.origin);
      const page = await context.newPage();
      await page
        .goto(`${corpus.origin}${corpus.pages[i % corpus.pages.length].path}`, { waitUntil: "domcontentloaded", timeout: 60_000 })
        .catch(() => {});
      contexts.push(context);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const memory = await sampleTreeMemory();
    bare.push({
      runs: n,
      pssMb: memory.pssMb,
      rssMb: memory.rssMb,
    });
    await Promise.all(contexts.map((c) => c.close()));
  }
  // Least-squares slope of memory over the number of runs.
  const fit = (key, rows = results) => {
    const xs = rows.map((r) => r.runs);
    const ys = rows.map((r) => r[key]);
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
    return { slope, base: my - slope * mx };
  };
  const pss = fit("pssMb");
  const rss = fit("rssMb");
  const barePss = fit("pssMb", bare);
  printFigures({
    machine: {
      cores: os.cpus().length,
      totalMb: Math.round(os.totalmem() / 2 ** 20),
      availableAtStartMb: Math.round(startAvailable),
      loadAverage: os.loadavg().map((l) => round(l, 1)),
    },
    idle: { pssMb: round(idle.pss), rssMb: round(idle.rss), processes: idle.processes },
    byConcurrency: results,
    perExtraRunPssMb: round(pss.slope, 1),
    perExtraRunRssMb: round(rss.slope, 1),
    bareContexts: bare,
    perExtraBarePagePssMb: round(barePss.slope, 1),
    harnessOverheadPerRunPssMb: round(pss.slope - barePss.slope, 1),
    fixedCostPssMb: round(pss.base),
    memoryBoundRuns: Math.floor((startAvailable * 0.9) / pss.slope),
    note: "PSS splits shared pages between processes (the real cost); RSS counts them in every process. memoryBoundRuns ignores CPU: see stepP50Ms as runs grow",
  });
} finally {
  await browser.close();
  await model.close();
  await corpus.close();
}
