// Replay against the agent (ADR 0009): the 6-step task on the fixture shop (search, open the
// product, set the quantity, add to the cart, answer), first run (the agent, recording) against
// its replay, and replays on pages that changed since the recording.
// Run: npx tsx bench/replay-bench.ts [rounds]   (rewrites its section of docs/benchmarks.md)
import os from "node:os";
import type { ReplayShopVariant } from "@errand/testkit";
import type { AgentInput, AgentResult } from "../packages/agent/src/index.ts";
import { median, startShopBench } from "./shop-bench.ts";
import { writeBenchSection } from "./write-section.ts";

const rounds = Number(process.argv[2] ?? 5);
/** A model answer takes this long in the "realistic" rows (gpt-4.1 with a 3,000-token page: 1 to 3 s). */
const MODEL_LATENCY_MS = 1_000;

const { sites, shopRun, close } = await startShopBench();

async function run(extra: Partial<AgentInput>, latencyMs: number): Promise<{ result: AgentResult; ms: number }> {
  return shopRun(latencyMs, async (_context, agent) => {
    const started = performance.now();
    const result = await agent(extra);
    return { result, ms: performance.now() - started };
  });
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

try {
  sites.setReplayShopVariant("baseline");
  const { result: recorded } = await run({ record: true }, 0);
  if (recorded.status !== "success" || !recorded.recording) throw new Error(`the first run did not record: ${recorded.reason}`);
  const recording = { ...recorded.recording, version: 1 };
  const values = Object.fromEntries(recording.parameters.map((p) => [p.name, p.value]));

  const speed = [];
  for (const latency of [0, MODEL_LATENCY_MS]) {
    const agentMs: number[] = [];
    const replayMs: number[] = [];
    let agentCalls = 0;
    let replayCalls = 0;
    for (let r = 0; r < rounds; r++) {
      const first = await run({ record: true }, latency);
      const again = await run({ replay: { recording, values } }, latency);
      if (first.result.status !== "success" || again.result.status !== "success") throw new Error("a run failed");
      agentMs.push(first.ms);
      replayMs.push(again.ms);
      agentCalls = first.result.modelCalls;
      replayCalls = again.result.modelCalls;
    }
    speed.push({
      latency,
      agentMs: median(agentMs),
      replayMs: median(replayMs),
      ratio: round(median(replayMs) / median(agentMs)),
      agentCalls,
      replayCalls,
    });
  }

  const changed = [];
  for (const variant of ["moved-button", "renamed-label", "extra-step", "repriced"] as ReplayShopVariant[]) {
    sites.setReplayShopVariant(variant);
    let ok = 0;
    const calls: number[] = [];
    const kinds = new Set<string>();
    for (let r = 0; r < rounds; r++) {
      const { result } = await run({ replay: { recording, values } }, 0);
      if (result.status === "success") ok++;
      calls.push(result.modelCalls);
      kinds.add(result.execution?.kind ?? "?");
    }
    const { result: fresh } = await run({ record: true }, 0);
    changed.push({ variant, success: `${ok}/${rounds}`, calls: median(calls), kinds: [...kinds].join(", "), agentCalls: fresh.modelCalls });
  }
  sites.setReplayShopVariant("baseline");

  const machine = `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  const section = `## Replay (bench/replay-bench.ts)

The 6-step task on the replay fixture shop (type the search, search, open the product, set the
quantity, add to the cart, answer as JSON): the first run (the agent, recording) against a replay
of its recording, median of ${rounds} rounds each (${machine}). The fake model answers instantly
in the first row (the worst case for the ratio: only the browser's time is left) and after
${MODEL_LATENCY_MS} ms in the second (a real model takes 1 to 3 s a call).

| model latency | model calls, agent | model calls, replay | agent | replay | ratio (target <= 0.25) |
|---|---|---|---|---|---|
${speed.map((s) => `| ${s.latency} ms | ${s.agentCalls} | ${s.replayCalls} | ${Math.round(s.agentMs)} ms | ${Math.round(s.replayMs)} ms | ${s.ratio} |`).join("\n")}

Replays of the same recording after the page changed (${rounds} each), against a fresh agent run
on the changed page:

| change | replay success | model calls, replay | how it went | model calls, agent alone |
|---|---|---|---|---|
${changed.map((c) => `| ${c.variant} | ${c.success} | ${c.calls} | ${c.kinds} | ${c.agentCalls} |`).join("\n")}
`;
  writeBenchSection("## Replay (bench/replay-bench.ts)", section);
  console.log(section);
} finally {
  await close();
}
