// Benchmarks of runs (docs/benchmarks.md, "Runs"), one run on this machine (run by bench/run.mjs through tsx):
// - latency from a step's insert to its SSE event at a client (p50/p95)
// - runs created per second through the service
// - fake-model runs completed per minute as WORKER_CONCURRENCY grows, with memory
import { execFileSync } from "node:child_process";
import { tasksRuns } from "@errand/db";
import { localCaller, revealApiKey } from "@errand/services/accounts";
import { claimRun, createTaskWithRun, recordStep } from "@errand/services/runs";
import { startFakeModelServer, startFixtureSites } from "@errand/testkit";
import { inArray } from "drizzle-orm";
import { manyRunsEnv, startBenchServer } from "./bench-server.ts";
import { stepRecord } from "@errand/services/testing/steps";

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const model = await startFakeModelServer();
const sites = await startFixtureSites();
model.setResponder(() => ({
  toolCalls: [{ name: "done", arguments: { success: true, text: "ok" } }],
  usage: { prompt_tokens: 1000, completion_tokens: 20 },
}));
// Runs are created 8 at a time and worked through at up to 16: more than the default pending limit.
const bench = await startBenchServer("runs", manyRunsEnv(model.url));
const { ctx, runtime, server } = bench;
const caller = await localCaller({ ctx, input: { email: "bench@errand.local" } });
const { apiKey } = await revealApiKey({ ctx, caller, input: {} });

// 1. SSE latency: insert a step, time until the client has it.
const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "sse bench" } } });
await claimRun({ ctx, input: { runId: run.id } });
const res = await fetch(`${server.url}/api/v1/runs/${run.id}/events`, { headers: { "x-api-key": apiKey } });
const reader = res.body!.getReader();
const decoder = new TextDecoder();
let buffer = "";
const nextStep = async () => {
  for (;;) {
    const i = buffer.indexOf("event: step");
    if (i >= 0) {
      const end = buffer.indexOf("\n\n", i);
      if (end >= 0) {
        buffer = buffer.slice(end + 2);
        return;
      }
    }
    const { value } = await reader.read();
    buffer += decoder.decode(value, { stream: true });
  }
};
const latencies: number[] = [];
for (let n = 1; n <= 200; n++) {
  const started = performance.now();
  const waiting = nextStep();
  await recordStep({ ctx, input: stepRecord(run.id, n) });
  await waiting;
  latencies.push(performance.now() - started);
}
await reader.cancel();

// 2. Runs created per second through the service (queue included), 8 at a time.
const createStarted = performance.now();
const created: string[] = [];
for (let batch = 0; batch < 50; batch++) {
  const results = await Promise.all(
    Array.from({ length: 8 }, () => createTaskWithRun({ ctx, caller, input: { settings: { prompt: "throughput", session_timeout: 30 } } })),
  );
  created.push(...results.map((r) => r.run.id));
}
const createSeconds = (performance.now() - createStarted) / 1000;
// These were only for creation: cancel their jobs so the workers below see an empty queue.
await runtime.boss.cancel("run", created);
await runtime.ctx.db.update(tasksRuns).set({ status: "cancelled" }).where(inArray(tasksRuns.id, created));

// 3. Runs per minute with the instant fake model on a fixture page, by concurrency.
/** RSS of this process and everything it started (Chromium included), not of other processes. */
const rssMb = () => {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss="])
    .toString()
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number));
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of rows) children.set(ppid!, [...(children.get(ppid!) ?? []), pid!]);
  const mine = new Set<number>();
  const stack = [process.pid];
  while (stack.length) {
    const pid = stack.pop()!;
    mine.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  const kb = rows.filter(([pid]) => mine.has(pid!)).reduce((sum, [, , rss]) => sum + (rss ?? 0), 0);
  return Math.round(kb / 1024);
};
const throughput: { concurrency: number; runsPerMinute: number; peakMb: number }[] = [];
for (const concurrency of [1, 2, 4, 8, 16]) {
  const worker = await runtime.startWorker(concurrency);
  const total = concurrency * 3;
  const ids: string[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    ids.push(
      (await createTaskWithRun({ ctx, caller, input: { settings: { prompt: `bench ${i}`, initial_url: `${sites.url}/shop` } } })).run.id,
    );
  }
  let peakMb = 0;
  for (;;) {
    peakMb = Math.max(peakMb, rssMb());
    const rows = await ctx.db.select({ status: tasksRuns.status }).from(tasksRuns).where(inArray(tasksRuns.id, ids));
    if (rows.every((r) => r.status !== "pending")) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const minutes = (performance.now() - started) / 60_000;
  throughput.push({ concurrency, runsPerMinute: Math.round(total / minutes), peakMb });
  await worker.stop(1000);
}

const result = {
  sse: { p50Ms: +pct(latencies, 50).toFixed(1), p95Ms: +pct(latencies, 95).toFixed(1), samples: latencies.length },
  creation: { runsPerSecond: Math.round(created.length / createSeconds), runs: created.length },
  throughput,
};
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
await bench.close();
await Promise.all([model.close(), sites.close()]);
process.exit(0);
