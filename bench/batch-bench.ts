// Batches (docs/adr/0041-batches.md): rows per minute for a 100-row batch of the 6-step shop task
// whose first row records and the rest replay, against the same rows run by the agent (the task
// set to always use the agent), in one run, through the real worker and queue.
// Run: npx tsx bench/batch-bench.ts [rows]   (rewrites its section of docs/benchmarks.md)
import os from "node:os";
import { tasks } from "@errand/db";
import { localCaller } from "@errand/services/accounts";
import { createBatch, getBatch } from "@errand/services/batches";
import { shopperTurn, startFakeModelServer, startFixtureSites } from "@errand/testkit";
import { eq } from "drizzle-orm";
import { manyRunsEnv, startBenchRuntime } from "./bench-server.ts";
import { writeBenchSection } from "./write-section.ts";

const rows = Number(process.argv[2] ?? 100);
const CONCURRENCY = 4;
const model = await startFakeModelServer();
const sites = await startFixtureSites();
model.setResponder((req) => shopperTurn(req));
const bench = await startBenchRuntime("batches", manyRunsEnv(model.url));
const { ctx, runtime } = bench;
const caller = await localCaller({ ctx, input: { email: "bench@errand.local" } });
const schema = {
  type: "object",
  properties: { name: { type: "string" }, price: { type: "string" }, cart: { type: "string" } },
  required: ["name", "price", "cart"],
};

/** A saved task of the shop's prompt with its {{item}} input; `agentOnly`: it never replays. */
async function newTask(agentOnly: boolean) {
  const [task] = await ctx.db
    .insert(tasks)
    .values({
      userId: caller.userId,
      workspaceId: caller.workspaceId,
      prompt:
        "In the shop, search for {{item}}, open Desk Lamp, set the quantity to 2, add it to the cart, and give its name, price and the cart count",
      initialUrl: `${sites.url}/replay-shop`,
      responseFormat: "json",
      jsonSchema: schema,
      sessionTimeout: 120,
      alwaysUseAgent: agentOnly,
    })
    .returning();
  return task!.id;
}

/** Runs the batch to its end: rows per minute, what happened to them, and the model calls made. */
async function measure(agentOnly: boolean) {
  const taskId = await newTask(agentOnly);
  const calls = model.chatRequests().length;
  const started = performance.now();
  const made = await createBatch({
    ctx,
    caller,
    input: { taskId, batch: { rows: Array.from({ length: rows }, () => ({ item: "lamp" })), concurrency: CONCURRENCY } },
  });
  let batch = made;
  while (batch.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, 250));
    batch = await getBatch({ ctx, caller, input: { batchId: made.id } });
  }
  const minutes = (performance.now() - started) / 60_000;
  await ctx.db.update(tasks).set({ alwaysUseAgent: true }).where(eq(tasks.id, taskId));
  return {
    rowsPerMinute: Math.round(rows / minutes),
    seconds: Math.round(minutes * 60),
    counts: batch.counts,
    modelCalls: model.chatRequests().length - calls,
  };
}

try {
  const worker = await runtime.startWorker(CONCURRENCY);
  const replayed = await measure(false);
  const agent = await measure(true);
  await worker.stop(1000);
  const machine = `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  const line = (name: string, r: typeof replayed) =>
    `| ${name} | ${r.rowsPerMinute} | ${r.seconds} s | ${r.counts.success}/${rows} | ${r.modelCalls} |`;
  const section = `## Batches (bench/batch-bench.ts)

A ${rows}-row batch of the 6-step task on the replay fixture shop (\`{{item}}\` in the prompt),
concurrency ${CONCURRENCY}, a worker with ${CONCURRENCY} slots, the instant fake model (the worst case for replay: only
the browser's time is left), billing off (${machine}). First the task with no recording: its first
row runs alone and records, the other rows replay; then the same rows with the task set to always
use the agent. Measured from the batch's creation to its end.

| rows by | rows per minute | batch took | succeeded | model calls |
|---|---|---|---|---|
${line("replay (first row records)", replayed)}
${line("the agent", agent)}
`;
  writeBenchSection("## Batches (bench/batch-bench.ts)", section);
  console.log(section);
} finally {
  await bench.close();
  await Promise.all([model.close(), sites.close()]);
}
process.exit(0);
