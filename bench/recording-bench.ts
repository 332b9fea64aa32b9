// Session recordings (docs/adr/0047-session-recordings.md): what recording a run adds per step, the
// same 6-step task on the fixture shop run with and without it, alternately, in one process: time
// per step, the worker process's and Chromium's CPU per step, and the recording's bytes per minute of run.
// Run: npx tsx bench/recording-bench.ts [rounds]   (rewrites its section of docs/benchmarks.md)
import os from "node:os";
import type { FileStorage } from "../packages/services/src/storage/index.ts";
import { recordSession } from "../packages/worker/src/record-session.ts";
import { chromiumCpu, chromiumCpuSince } from "./chromium-cpu.ts";
import { median, startShopBench } from "./shop-bench.ts";
import { writeBenchSection } from "./write-section.ts";

const rounds = Number(process.argv[2] ?? 5);
/** A realistic model answer (gpt-4.1 with a 3,000-token page: 1 to 3 s); 0 ms is the worst case for the ratio. */
const LATENCIES = [0, 1_000];

const { shopRun, close } = await startShopBench();
/** Keeps only the size of what is stored. */
let storedBytes = 0;
const storage = { put: async (_key: string, data: Buffer) => void (storedBytes = data.length) } as unknown as FileStorage;
const quiet = { log: { info: () => undefined, warn: () => undefined } } as never;

interface Sample {
  ms: number;
  cpuMs: number;
  browserCpuMs: number;
  steps: number;
  bytes: number;
}

async function run(recorded: boolean, latencyMs: number): Promise<Sample> {
  return shopRun(latencyMs, async (context, agent) => {
    const cpu = process.cpuUsage();
    const browserCpu = chromiumCpu();
    const started = performance.now();
    const recorder = recorded
      ? await recordSession({ ctx: quiet, storage, runId: "bench", context, secrets: { credentials: [], login: null } })
      : undefined;
    const result = await agent({ onEvent: (event) => void (event.type === "step" && recorder?.mark(event.step)) });
    if (result.status !== "success") throw new Error(`a run failed: ${result.reason}`);
    storedBytes = 0;
    await recorder?.store();
    const used = process.cpuUsage(cpu);
    return {
      ms: performance.now() - started,
      cpuMs: (used.user + used.system) / 1000,
      browserCpuMs: chromiumCpuSince(browserCpu),
      steps: result.steps,
      bytes: storedBytes,
    };
  });
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

try {
  await run(true, 0); // warm: Chromium, the bundle read once
  const rows = [];
  for (const latency of LATENCIES) {
    const off: Sample[] = [];
    const on: Sample[] = [];
    for (let r = 0; r < rounds; r++) {
      off.push(await run(false, latency));
      on.push(await run(true, latency));
    }
    const perStep = (samples: Sample[], pick: (s: Sample) => number) => median(samples.map((s) => pick(s) / s.steps));
    const offMs = perStep(off, (s) => s.ms);
    const onMs = perStep(on, (s) => s.ms);
    rows.push({
      latency,
      steps: on[0]!.steps,
      offMs,
      onMs,
      extra: (onMs - offMs) / offMs,
      offCpu: perStep(off, (s) => s.cpuMs),
      onCpu: perStep(on, (s) => s.cpuMs),
      offBrowserCpu: perStep(off, (s) => s.browserCpuMs),
      onBrowserCpu: perStep(on, (s) => s.browserCpuMs),
      kb: median(on.map((s) => s.bytes)) / 1024,
      kbPerMinute: median(on.map((s) => (s.bytes / 1024) * (60_000 / s.ms))),
    });
  }
  const section = `## Session recordings (bench/recording-bench.ts)

What recording a run's session adds (docs/adr/0047-session-recordings.md): the 6-step task on the
replay fixture shop, run ${rounds} times without and ${rounds} times with recording, alternately, in
one process; medians (${os.cpus().length} cores, load ${round(os.loadavg()[0]!)}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}).
Worker CPU is the Node process's (the agent, the binding, redaction and gzip); browser CPU is that
of the Chromium processes (rrweb in the pages, the binding's messages), both per step; other work
on a shared machine disturbs CPU less than time. The fake model answers at once in the first
row (the worst case for the ratio) and after 1000 ms in the second (a real model takes 1 to 3 s).

| model latency | steps | time per step, off | time per step, on | more time (target <= 10 %) | worker CPU per step, off | on | browser CPU per step, off | on | recording (gzip) | per minute of run |
|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.latency} ms | ${r.steps} | ${round(r.offMs)} ms | ${round(r.onMs)} ms | ${round(r.extra * 100)} % | ${round(r.offCpu)} ms | ${round(r.onCpu)} ms | ${round(r.offBrowserCpu)} ms | ${round(r.onBrowserCpu)} ms | ${round(r.kb)} KB | ${round(r.kbPerMinute)} KB |`,
  )
  .join("\n")}

${rows.map((r) => `At ${r.latency} ms the 10 % target is ${r.extra <= 0.1 ? "met" : "not met"}.`).join(" ")} A machine shared with other work (load above 2 on 2 cores) makes the time column noisy: run it again on a quiet one before drawing conclusions.
`;
  writeBenchSection("## Session recordings", section);
  process.stdout.write(section);
} finally {
  await close();
}
