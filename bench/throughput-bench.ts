// "Throughput and memory" in docs/benchmarks.md (run by bench/run.mjs through tsx): two-step runs through the
// real worker path (services, pg-boss, startWorker, the real browser manager, the instant fake
// model) at 1, 4 and 16 concurrent runs, against bare Playwright doing the same page work on the
// same Chromium binary in the same process: per run a new context, a screenshot of the blank tab,
// the fixture page loaded, a screenshot of it, the context closed.
// Where the time goes: every Playwright call, model call, database query and file write of the
// Errand runs is timed, and a CPU profile of this process is taken during an extra pass at 16.
// The Errand runs have the default network policy (private addresses refused, the fixture host
// allowed as the worker's tests allow theirs): the network guard and its proxy are in the figures.
// A third arm, Errand with every address allowed (no guard), takes its turn in each round too: the
// difference is what the guard costs.
// Env: THROUGHPUT_LEVELS=1,4,16  THROUGHPUT_PROFILE=0 (no profile pass)  THROUGHPUT_PROFILE_OUT=file
//      THROUGHPUT_WRITE_DOC=1 (write the section whatever the levels; 0: never)
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import { tasksRuns } from "@errand/db";
import { localCaller } from "@errand/services/accounts";
import { createTaskWithRun } from "@errand/services/runs";
import { startFakeModelServer, startFixtureSites } from "@errand/testkit";
import { inArray } from "drizzle-orm";
import pg from "pg";
import { chromium } from "playwright-core";
import { manyRunsEnv, startBenchRuntime } from "./bench-server.ts";
import { writeBenchSection } from "./write-section.ts";
import { descendants, TICK_MS } from "./chromium-cpu.ts";

const LEVELS = (process.env.THROUGHPUT_LEVELS ?? "1,4,16").split(",").map(Number);
const PAGE = "/shop";
/** Runs per level: enough for a stable rate, at most about two minutes at 16. */
const runsAt = (c: number) => Math.max(12, c * 6);

const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : 0;
const median = (xs: number[]) => pct(xs, 50);
const r1 = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CORES = os.cpus().length;

// ---- process accounting (this process's descendants, by kind) ----
const kindOf = (pid: number) => {
  try {
    const comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    return /chrom/i.test(comm) ? "chromium" : /postgres|postmaster/.test(comm) ? "postgres" : "other";
  } catch {
    return "gone";
  }
};
/** PSS (MB) of the Chromium processes under this one. */
function chromiumPssMb(): number {
  let kb = 0;
  for (const pid of descendants(process.pid)) {
    if (kindOf(pid) !== "chromium") continue;
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}
/** CPU ms used so far by kind: this Node process, Chromium, Postgres (children reaped included). */
function cpuMs(): Record<"node" | "chromium" | "postgres", number> {
  const out = { node: 0, chromium: 0, postgres: 0 };
  const u = process.cpuUsage();
  out.node = (u.user + u.system) / 1000;
  for (const pid of descendants(process.pid)) {
    const kind = kindOf(pid);
    if (kind !== "chromium" && kind !== "postgres") continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime, stime, cutime, cstime are fields 14-17 (index 11-14 after the comm)
      out[kind] += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS;
    } catch {
      // gone
    }
  }
  return out;
}

// ---- timing of what the Errand runs do (installed once, counted only while `timing` is set) ----
type Bucket = { count: number; ms: number };
let timing: Map<string, Bucket> | null = null;
const trace: { at: number; ms: number; key: string }[] | null = process.env.THROUGHPUT_TRACE ? [] : null;
const note = (key: string, ms: number) => {
  if (!timing) return;
  trace?.push({ at: performance.now() - ms, ms, key });
  const b = timing.get(key) ?? { count: 0, ms: 0 };
  b.count++;
  b.ms += ms;
  timing.set(key, b);
};
const timed = <A extends unknown[], R>(key: (...a: A) => string, fn: (...a: A) => Promise<R>) =>
  async function (this: unknown, ...a: A): Promise<R> {
    const t = performance.now();
    try {
      return await fn.apply(this, a);
    } finally {
      note(key(...a), performance.now() - t);
    }
  };

const model = await startFakeModelServer();
const sites = await startFixtureSites();
const pageUrl = `${sites.url}${PAGE}`;
// Step 1 (blank tab): open the fixture page; step 2: done.
model.setResponder((req) =>
  req.messages.some((m) => m.role === "tool")
    ? { toolCalls: [{ name: "done", arguments: { success: true, text: "ok" } }], usage: { prompt_tokens: 1000, completion_tokens: 20 } }
    : { toolCalls: [{ name: "navigate", arguments: { url: pageUrl } }], usage: { prompt_tokens: 1000, completion_tokens: 20 } },
);
const bench = await startBenchRuntime("throughput", { PORT: "3999", ...manyRunsEnv(model.url), ALLOW_PRIVATE_NETWORK: "false" });
/** The default policy with the fixture sites' host allowed, or (the comparison) every address allowed. */
const POLICIES = { default: { allowHosts: [new URL(sites.url).host] }, all: { allowPrivate: true } };
type Policy = keyof typeof POLICIES;
const { ctx, runtime } = bench;
const caller = await localCaller({ ctx, input: { email: "bench@errand.local" } });

// Playwright calls by API name (CDP commands by method), from Playwright's own client instrumentation.
const begun = new WeakMap<object, { t: number; key: string }>();
(chromium as unknown as { _instrumentation: { addListener(l: object): void } })._instrumentation.addListener({
  onApiCallBegin(zone: { apiName?: string }, data: { method: string; params?: { method?: string } }) {
    const key = data.method === "send" && data.params?.method ? `cdp ${data.params.method}` : (zone.apiName ?? data.method);
    begun.set(zone, { t: performance.now(), key });
  },
  onApiCallEnd(zone: object) {
    const b = begun.get(zone);
    if (b) note(`pw ${b.key}`, performance.now() - b.t);
  },
});
const realFetch = globalThis.fetch;
globalThis.fetch = timed(
  (input: Parameters<typeof fetch>[0]) =>
    String(input instanceof Request ? input.url : input).startsWith(model.url) ? "model call" : "other fetch",
  realFetch,
) as typeof fetch;
const pgQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  const result = pgQuery.apply(this, a);
  if (timing && result && typeof (result as Promise<unknown>).then === "function") {
    const t = performance.now();
    const first = a[0];
    const text = typeof first === "string" ? first : ((first as { text?: string })?.text ?? "");
    const key = /pgboss|job/i.test(text)
      ? "db query (queue)"
      : /^\s*(begin|commit|rollback)/i.test(text)
        ? "db begin/commit"
        : "db query (services)";
    void (result as Promise<unknown>).then(
      () => note(key, performance.now() - t),
      () => note(key, performance.now() - t),
    );
  }
  return result;
} as typeof pg.Client.prototype.query;
const browsers = runtime.browsers;
browsers.newContext = timed(
  (..._: Parameters<typeof browsers.newContext>) => "browser manager newContext",
  browsers.newContext.bind(browsers),
);
const storage = runtime.storage;
storage.put = timed((..._: Parameters<typeof storage.put>) => "screenshot file write", storage.put.bind(storage));

/** Samples memory and CPU while `work` runs; memory is the median of the samples minus the idle figure before. */
// The sampler's own reading of /proc is left out of this process's CPU figure.
async function measure<T>(work: () => Promise<T>, opts: { memory?: boolean } = {}) {
  let samplerMs = 0;
  const own = <R>(fn: () => R): R => {
    const u = process.cpuUsage();
    try {
      return fn();
    } finally {
      const d = process.cpuUsage(u);
      samplerMs += (d.user + d.system) / 1000;
    }
  };
  const idle = own(() => ({
    pss: chromiumPssMb(),
    rss: process.memoryUsage().rss / 2 ** 20,
    heap: process.memoryUsage().heapUsed / 2 ** 20,
  }));
  const cpu0 = own(cpuMs);
  let running = opts.memory !== false;
  const samples: { pss: number; rss: number; heap: number }[] = [];
  const sampler = (async () => {
    while (running) {
      await sleep(1000);
      const m = process.memoryUsage();
      samples.push({ pss: own(chromiumPssMb), rss: m.rss / 2 ** 20, heap: m.heapUsed / 2 ** 20 });
    }
  })();
  const started = performance.now();
  const value = await work();
  const wallMs = performance.now() - started;
  running = false;
  await sampler;
  const cpu1 = own(cpuMs);
  // The middle half of the samples: the level at full concurrency, not its ramp up and down.
  const mid = samples.slice(Math.floor(samples.length / 4), Math.ceil((samples.length * 3) / 4));
  return {
    value,
    wallMs,
    memory: {
      chromiumPssMb: median(mid.map((s) => s.pss)) - idle.pss,
      nodeRssMb: median(mid.map((s) => s.rss)) - idle.rss,
      nodeHeapMb: median(mid.map((s) => s.heap)) - idle.heap,
    },
    cpuMs: { node: cpu1.node - cpu0.node - samplerMs, chromium: cpu1.chromium - cpu0.chromium, postgres: cpu1.postgres - cpu0.postgres },
  };
}

/** `total` Errand runs through the queue and `concurrency` worker slots. Durations: claimed to finished. */
async function errandLevel(concurrency: number, total: number, opts: { memory?: boolean; policy?: Policy } = {}) {
  const worker = await runtime.startWorker(concurrency, { schedules: false, network: POLICIES[opts.policy ?? "default"] });
  try {
    return await measure(async () => {
      const ids: string[] = [];
      for (let i = 0; i < total; i++)
        ids.push(
          (await createTaskWithRun({ ctx, caller, input: { settings: { prompt: `throughput ${i}`, session_timeout: 120 } } })).run.id,
        );
      for (;;) {
        const rows = await ctx.db.select({ status: tasksRuns.status }).from(tasksRuns).where(inArray(tasksRuns.id, ids));
        if (rows.every((r) => r.status !== "pending")) break;
        await sleep(100);
      }
      const rows = await ctx.db
        .select({ status: tasksRuns.status, startedAt: tasksRuns.startedAt, finishedAt: tasksRuns.finishedAt })
        .from(tasksRuns)
        .where(inArray(tasksRuns.id, ids));
      return {
        failed: rows.filter((r) => r.status !== "success").length,
        durationsMs: rows.map((r) => r.finishedAt!.getTime() - r.startedAt!.getTime()),
      };
    }, opts);
  } finally {
    await worker.stop(1000);
  }
}

const bare = await chromium.launch({
  executablePath: process.env.BROWSER_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
/** The same page work in bare Playwright: `concurrency` loops taking runs from one counter. */
async function baselineLevel(concurrency: number, total: number) {
  return measure(async () => {
    let next = 0;
    let failed = 0;
    const durationsMs: number[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next++;
          const t = performance.now();
          const context = await bare.newContext({ viewport: { width: 1280, height: 800 } });
          try {
            const page = await context.newPage();
            await page.screenshot({ type: "jpeg", quality: 60 });
            await page.goto(pageUrl);
            await page.screenshot({ type: "jpeg", quality: 60 });
          } catch {
            failed++;
          } finally {
            await context.close();
          }
          durationsMs.push(performance.now() - t);
        }
      }),
    );
    return { failed, durationsMs };
  });
}

// Warm both up (Chromium launch, first compile) outside the figures.
await errandLevel(1, 2);
await errandLevel(1, 2, { policy: "all" });
await baselineLevel(1, 2);

const levels = [];
const breakdowns: Record<number, Record<string, { perRun: number; msPerRun: number; msEach: number }>> = {};
for (const concurrency of LEVELS) {
  const total = runsAt(concurrency);
  // Two rounds, Errand (default policy), Errand (every address allowed), then baseline in each, so
  // all three see the same load from anything else on the machine.
  timing = new Map();
  const buckets = timing;
  type Measured = Awaited<ReturnType<typeof baselineLevel>>;
  const rounds: { errand: Measured; unguarded: Measured; baseline: Measured }[] = [];
  for (const half of [Math.ceil(total / 2), Math.floor(total / 2)]) {
    timing = buckets;
    const errand = await errandLevel(concurrency, half);
    timing = null;
    const unguarded = await errandLevel(concurrency, half, { policy: "all" });
    rounds.push({ errand, unguarded, baseline: await baselineLevel(concurrency, half) });
  }
  const combine = (xs: Awaited<ReturnType<typeof baselineLevel>>[]) => ({
    value: { failed: xs.reduce((a, x) => a + x.value.failed, 0), durationsMs: xs.flatMap((x) => x.value.durationsMs) },
    wallMs: xs.reduce((a, x) => a + x.wallMs, 0),
    memory: {
      chromiumPssMb: median(xs.map((x) => x.memory.chromiumPssMb)),
      nodeRssMb: median(xs.map((x) => x.memory.nodeRssMb)),
      nodeHeapMb: median(xs.map((x) => x.memory.nodeHeapMb)),
    },
    cpuMs: {
      node: xs.reduce((a, x) => a + x.cpuMs.node, 0),
      chromium: xs.reduce((a, x) => a + x.cpuMs.chromium, 0),
      postgres: xs.reduce((a, x) => a + x.cpuMs.postgres, 0),
    },
  });
  const errand = combine(rounds.map((r) => r.errand));
  const baseline = combine(rounds.map((r) => r.baseline));
  const unguarded = combine(rounds.map((r) => r.unguarded));
  const summary = (m: Awaited<ReturnType<typeof baselineLevel>>) => {
    const runsPerMinute = total / (m.wallMs / 60_000);
    const cpuPerRun = (m.cpuMs.node + m.cpuMs.chromium + m.cpuMs.postgres) / total;
    return {
      runsPerMinute: r1(runsPerMinute),
      runsPerMinutePerCore: r1(runsPerMinute / CORES),
      p50Ms: Math.round(median(m.value.durationsMs)),
      p95Ms: Math.round(pct(m.value.durationsMs, 95)),
      failed: m.value.failed,
      memoryPerRunMb: {
        chromiumPss: r1(m.memory.chromiumPssMb / concurrency),
        nodeRss: r1(m.memory.nodeRssMb / concurrency),
        nodeHeap: r1(m.memory.nodeHeapMb / concurrency),
      },
      cpuMsPerRun: {
        node: Math.round(m.cpuMs.node / total),
        chromium: Math.round(m.cpuMs.chromium / total),
        postgres: Math.round(m.cpuMs.postgres / total),
        total: Math.round(cpuPerRun),
      },
    };
  };
  const e = summary(errand);
  const b = summary(baseline);
  const u = summary(unguarded);
  levels.push({
    concurrency,
    runs: total,
    errand: e,
    baseline: b,
    unguarded: u,
    unguardedThroughputRatio: Math.round((b.runsPerMinute / u.runsPerMinute) * 100) / 100,
    unguardedCpuRatio: Math.round((u.cpuMsPerRun.total / b.cpuMsPerRun.total) * 100) / 100,
    // Above 1: Errand is slower than bare Playwright doing the same page work, in the same run.
    throughputRatio: Math.round((b.runsPerMinute / e.runsPerMinute) * 100) / 100,
    durationRatio: Math.round((e.p50Ms / b.p50Ms) * 100) / 100,
    cpuRatio: Math.round((e.cpuMsPerRun.total / b.cpuMsPerRun.total) * 100) / 100,
  });
  breakdowns[concurrency] = Object.fromEntries(
    [...buckets.entries()]
      .sort((x, y) => y[1].ms - x[1].ms)
      .map(([k, v]) => [k, { perRun: r1(v.count / total), msPerRun: r1(v.ms / total), msEach: r1(v.ms / v.count) }]),
  );
  console.log(`level ${concurrency}`, JSON.stringify(levels.at(-1)));
}

// Where this process's CPU goes at the top level: a CPU profile of an extra pass (not in the figures above).
let profile: { totalMs: number; byArea: Record<string, number>; topFunctions: { name: string; where: string; ms: number }[] } | null = null;
if (process.env.THROUGHPUT_PROFILE !== "0") {
  const top = Math.max(...LEVELS);
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 1000 });
  await session.post("Profiler.start");
  await errandLevel(top, Math.max(12, top * 3), { memory: false });
  const { profile: p } = await session.post("Profiler.stop");
  session.disconnect();
  if (process.env.THROUGHPUT_PROFILE_OUT) writeFileSync(process.env.THROUGHPUT_PROFILE_OUT, JSON.stringify(p));
  const self = new Map<number, number>();
  const dt = p.timeDeltas ?? [];
  (p.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0) / 1000));
  const area = (url: string, fn: string) => {
    if (fn === "(idle)") return "idle";
    if (fn === "(garbage collector)") return "garbage collection";
    if (fn === "(program)") return "V8 and native (program)";
    if (/playwright-core/.test(url)) return "Playwright client (protocol, zones, validation)";
    if (/node_modules\/(pg|pg-protocol|pg-pool|pg-boss|drizzle-orm)\//.test(url)) return "database client (pg, drizzle, pg-boss)";
    if (/node_modules\/(ai|@ai-sdk|zod)\//.test(url)) return "model SDK (ai, zod)";
    if (/packages\/agent\//.test(url)) return "agent code";
    if (/packages\/(services|worker|db)\//.test(url)) return "services and worker code";
    if (/packages\/testkit\//.test(url)) return "fake model and fixture sites";
    if (/esbuild|tsx/.test(url)) return "tsx loader";
    if (/^node:|^internal/.test(url) || url === "") return "Node internals (streams, sockets, timers)";
    return "other libraries";
  };
  const byArea: Record<string, number> = {};
  const byFn = new Map<string, number>();
  let totalMs = 0;
  for (const n of p.nodes) {
    const ms = self.get(n.id) ?? 0;
    if (!ms) continue;
    const a = area(n.callFrame.url, n.callFrame.functionName);
    byArea[a] = (byArea[a] ?? 0) + ms;
    if (a !== "idle") totalMs += ms;
    const key = `${n.callFrame.functionName || "(anonymous)"}\t${n.callFrame.url.replace(/^.*node_modules\//, "").replace(/^.*\/packages\//, "packages/")}:${n.callFrame.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + ms);
  }
  profile = {
    totalMs: Math.round(totalMs),
    byArea: Object.fromEntries(
      Object.entries(byArea)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, Math.round(v)]),
    ),
    topFunctions: [...byFn.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([k, ms]) => ({ name: k.split("\t")[0]!, where: k.split("\t")[1]!, ms: Math.round(ms) })),
  };
}

if (trace) for (const t of trace.sort((a, b) => a.at - b.at)) console.log(`trace ${t.at.toFixed(0)} +${t.ms.toFixed(1)} ${t.key}`);
const result = { cores: CORES, loadAverage: os.loadavg().map((l) => r1(l)), page: PAGE, levels, breakdowns, profile };
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
const writeDoc = process.env.THROUGHPUT_WRITE_DOC;
if (writeDoc === "1" || (writeDoc !== "0" && LEVELS.join() === "1,4,16"))
  writeBenchSection("## Throughput and memory", throughputSection(result));
await bare.close();
await bench.close();
await Promise.all([model.close(), sites.close()]);
process.exit(0);

function throughputSection(r: typeof result): string {
  const top = r.levels.at(-1)!;
  const cpu = (c: { node: number; chromium: number; postgres: number; total: number }) =>
    `${c.total} (${c.node} / ${c.chromium} / ${c.postgres})`;
  const mem = (m: { chromiumPss: number; nodeRss: number }) => `${m.chromiumPss} + ${m.nodeRss}`;
  const rows = r.levels
    .map(
      (l) =>
        `| ${l.concurrency} | ${l.runs} | ${l.errand.runsPerMinute} (${l.errand.runsPerMinutePerCore}) | ${l.baseline.runsPerMinute} (${l.baseline.runsPerMinutePerCore}) | **${l.throughputRatio}** | ${l.errand.p50Ms} / ${l.errand.p95Ms} ms | ${l.baseline.p50Ms} / ${l.baseline.p95Ms} ms | ${l.durationRatio} | ${cpu(l.errand.cpuMsPerRun)} | ${cpu(l.baseline.cpuMsPerRun)} | ${l.cpuRatio} | ${mem(l.errand.memoryPerRunMb)} MB | ${mem(l.baseline.memoryPerRunMb)} MB |`,
    )
    .join("\n");
  const breakdown = Object.entries(r.breakdowns[top.concurrency] ?? {})
    .slice(0, 22)
    .map(([k, v]) => `| ${k} | ${v.perRun} | ${v.msPerRun} ms | ${v.msEach} ms |`)
    .join("\n");
  const areas = r.profile
    ? Object.entries(r.profile.byArea)
        .map(([k, v]) => `| ${k} | ${v} ms |`)
        .join("\n")
    : "";
  return `## Throughput and memory (bench/throughput-bench.ts)

Two-step runs (step 1 on the blank tab: the fake model answers \`navigate\` to the fixture page
${r.page}; step 2: \`done\`) through the real worker path: the run service, the pg-boss queue,
startWorker with N slots, the real browser manager, a screenshot and a step row per step, embedded
Postgres, the instant fake model, the default network policy (private addresses refused, the
fixture host allowed: the network guard and its proxy check every request and connection). Baseline, in the same process and the same run, on the same
Chromium binary: bare Playwright doing the same page work per run (new context, a screenshot of
the blank tab, load the page, a screenshot, close the context) with N loops. Each level runs twice
Errand, Errand with every address allowed (no network guard), then baseline, so all see the same
load from anything else on the machine (load average at the end: ${r.loadAverage.join(", ")}; ${r.cores} cores).

- runs/min: runs finished over the wall time of the level (Errand: from the first run created to
  the last finished). Throughput ratio: baseline runs/min ÷ Errand runs/min (above 1: Errand is
  slower); duration ratio: Errand p50 ÷ baseline p50. Errand durations: claimed to finished.
- CPU per run: this Node process (the sampler's own reading of /proc left out), all Chromium
  processes, Postgres, in CPU ms, as total (Node / Chromium / Postgres).
- Memory per concurrent run: median over the level of Chromium's PSS (shared pages split between
  the processes), plus this process's RSS, minus the same before the level, divided by N.

| concurrent runs | runs | Errand runs/min (per core) | baseline runs/min (per core) | throughput ratio | Errand p50 / p95 | baseline p50 / p95 | duration ratio | Errand CPU ms per run | baseline CPU ms per run | CPU ratio | Errand memory per run (Chromium PSS + Node RSS) | baseline memory per run |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}

${guardSection(r)}
Where a run's time goes at ${top.concurrency} concurrent runs: wall time of every Playwright call (by API;
CDP commands by method), model call, database query and file write the Errand runs made, per
run. Calls overlap (the observation's walk, screenshot and facts run in parallel) and under load
each includes waiting for a core, so the column does not add up to the run's duration.

| what | calls per run | ms per run | ms per call |
|---|---|---|---|
${breakdown}

${
  r.profile
    ? `CPU profile of this process (Node's inspector, 1 ms sampling) during an extra pass at ${top.concurrency}
concurrent runs: self time by area, ${r.profile.totalMs} ms of CPU in all.

| area | self time |
|---|---|
${areas}
`
    : ""
}
${findings(r.cores, top.concurrency)}`;
}

/** The Errand runs with every address allowed beside those with the default policy. */
function guardSection(r: typeof result): string {
  const cpu = (c: { node: number; chromium: number; postgres: number; total: number }) =>
    `${c.total} (${c.node} / ${c.chromium} / ${c.postgres})`;
  return `What the network guard costs: the same runs with every address allowed (ALLOW_PRIVATE_NETWORK: no
request interception, no guard proxy), in the same rounds.

| concurrent runs | Errand runs/min, default policy | every address allowed | throughput ratio, default policy | every address allowed | CPU ms per run, default policy | every address allowed |
|---|---|---|---|---|---|---|
${r.levels
  .map(
    (l) =>
      `| ${l.concurrency} | ${l.errand.runsPerMinute} | ${l.unguarded.runsPerMinute} | ${l.throughputRatio} | ${l.unguardedThroughputRatio} | ${cpu(l.errand.cpuMsPerRun)} | ${cpu(l.unguarded.cpuMsPerRun)} |`,
  )
  .join("\n")}`;
}

/** What the figures say, the same on every run. */
function findings(cores: number, top: number): string {
  return `What this says:
- The page work itself is most of the cost: Chromium takes about 85 % of the CPU of a run, for
  Errand and bare Playwright alike (a renderer process per context, layout, paint, JPEG encoding).
  On ${cores} cores a ${top}-run level is CPU-bound for both, which is why a run takes
  seconds at ${top} against well under one alone, with or without Errand.
- Errand's own cost per run over the baseline is the CPU ratio's excess: Node (the agent's
  Playwright calls, the model SDK, the database client, step files) and the extra Chromium work
  of observing the page (the DOM walk and product facts, twice per run) and of the page's CDP
  session. Its CDP screenshots are cheaper than page.screenshot(). At 1 concurrent run the gap
  is latency more than CPU: the run's database verbs before and after the browser work.
- Since the first measurement, when the throughput ratio was 1.71 / 1.25 / 1.35 at
  1 / 4 / 16 runs: a queued run NOTIFYs the workers, whose idle slots fetch at once, and a slot
  that ends a run fetches the next at once (pg-boss waited out the rest of its 0.5 s polling
  interval after a shorter job: about 90 ms per run at 1 concurrent run); a step's screenshot
  file and row are written while the agent goes on, in order, the run ending once all are kept;
  the screenshot, download and worker-script helpers share one CDP session per page; the live
  view opens its session only once someone watches; and the network guard intercepts nothing
  when every address is allowed (ALLOW_PRIVATE_NETWORK) and leaves WebSockets to the guard proxy
  when there is one. Under the default policy every context gets its guard proxy, its route
  (\`browserContext.route\` / \`unroute\` above) and each page a CDP session of the redirect watch
  (\`newCDPSession\`, \`Fetch.enable\`, \`cdpSession.detach\`), and every request of the page makes a
  round trip through the guard (\`cdp Fetch.continueRequest\`; /shop loads one).
- The profile covers the whole process: the fixture sites and the fake model run in it too.
`;
}
