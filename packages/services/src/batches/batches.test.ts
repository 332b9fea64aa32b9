import { BATCH_MAX_ROWS } from "@errand/contract";
import { batchRows, taskRecordings, tasks, tasksRuns, webhookDeliveries } from "@errand/db";
import { asc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { ServiceContext } from "../index.ts";
import { finishRun } from "../runs/finish-run.ts";
import { createWebhook, prepareWebhook } from "../webhooks/index.ts";
import { createTestAccount, serviceTest as it, testCaller } from "../testing.ts";
import {
  cancelBatch,
  createBatch,
  csvBatchRows,
  dispatchBatch,
  getBatch,
  getBatchResultsCsv,
  listBatchRows,
  pauseBatch,
  rerunFailedRows,
  resumeBatch,
} from "./index.ts";

let ctx: ServiceContext;
it.beforeAll(({ ctx: fileCtx }) => {
  ctx = fileCtx;
});

const PROMPT = "Find the opening hours of {{shop}} in {{city}}";

/** A saved task whose prompt names two inputs; `recorded`: it has a recording (so rows replay at once). */
async function newTask(options: { recorded?: boolean; prompt?: string } = {}) {
  const user = await createTestAccount(ctx, { freePrompts: 0, credits: 10_000_000 });
  const [task] = await ctx.db
    .insert(tasks)
    .values({ userId: user.id, workspaceId: user.id, prompt: options.prompt ?? PROMPT, sessionTimeout: 60 })
    .returning();
  if (options.recorded) {
    await ctx.db.insert(taskRecordings).values({
      taskId: task!.id,
      version: 1,
      kind: "recorded",
      prompt: "Find the opening hours of Lidl in Madrid",
      parameters: [],
      steps: [],
      extraction: { kind: "text", reads: [] } as never,
      originSeconds: 1,
      originInputTokens: 1,
      originOutputTokens: 1,
    });
  }
  return { user, task: task!, caller: testCaller(user.id) };
}

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ shop: `Shop ${i + 1}`, city: "Madrid" }));
const runsOf = (taskId: string) => ctx.db.select().from(tasksRuns).where(eq(tasksRuns.taskId, taskId)).orderBy(asc(tasksRuns.createdAt));
const pendingRunsOf = async (taskId: string) => (await runsOf(taskId)).filter((r) => r.status === "pending");
/** Ends each pending run of the task as the worker would, then lets the batch start its next rows. */
async function endPending(taskId: string, batchId: string, status: (prompt: string) => "success" | "failed" = () => "success") {
  for (const run of await pendingRunsOf(taskId)) {
    const result =
      status(run.prompt) === "success" ? JSON.stringify({ hours: { open: "09:00", close: "21:00" }, note: 'say "hi", ok' }) : null;
    // A successful answer passed its one check; a failed run gave no answer, so it has no verdict.
    const verification = result
      ? {
          verdict: "pass" as const,
          checks: [{ kind: "field_present" as const, path: "hours.open", passed: true, message: "hours.open is present" }],
        }
      : null;
    await finishRun({
      ctx,
      input: { runId: run.id, status: status(run.prompt), result, verification, reason: result ? null : "The page was empty." },
    });
  }
  await dispatchBatch(ctx, batchId);
}

describe("creating a batch", () => {
  it("refuses rows without a value for an input, naming the input and the row", async () => {
    const { task, caller } = await newTask();
    const made = createBatch({
      ctx,
      caller,
      input: { taskId: task.id, batch: { rows: [{ shop: "Lidl", city: "Madrid" }, { shop: "Aldi" }] } },
    });
    await expect(made).rejects.toMatchObject({
      code: "validation_error",
      message: "rows.1.city: Row 2 has no value for {{city}}, which the task's prompt uses",
    });
    const tooMany = createBatch({ ctx, caller, input: { taskId: task.id, batch: { rows: rowsOf(BATCH_MAX_ROWS + 1) } } });
    await expect(tooMany).rejects.toMatchObject({
      code: "validation_error",
      message: `rows: A batch holds at most ${BATCH_MAX_ROWS} rows`,
    });
    expect(await runsOf(task.id)).toEqual([]);
  });

  it("reads CSV with quoted commas, quotes and line breaks, the header naming the inputs", () => {
    const csv = 'shop,city,unused\r\n"Lidl, Centro","Madrid ""Sur""",x\n"Two\nlines",Bilbao,\n';
    expect(csvBatchRows(csv)).toEqual([
      { shop: "Lidl, Centro", city: 'Madrid "Sur"', unused: "x" },
      { shop: "Two\nlines", city: "Bilbao", unused: "" },
    ]);
    expect(() => csvBatchRows('shop,city\n"open,Madrid\n')).toThrow("The CSV has a quoted field that is never closed");
  });

  it("starts the first row alone while the task has no recording, then the rest at the batch's concurrency", async () => {
    const { task, caller } = await newTask();
    const batch = await createBatch({ ctx, caller, input: { taskId: task.id, batch: { rows: rowsOf(5), concurrency: 3 } } });
    expect(batch).toMatchObject({ status: "running", total_rows: 5, inputs: ["shop", "city"], counts: { waiting: 4, running: 1 } });
    const [first] = await runsOf(task.id);
    expect(first).toMatchObject({ prompt: "Find the opening hours of Shop 1 in Madrid", batchId: batch.id, holdKind: "credits" });
    await endPending(task.id, batch.id);
    expect((await pendingRunsOf(task.id)).map((r) => r.prompt)).toEqual([
      "Find the opening hours of Shop 2 in Madrid",
      "Find the opening hours of Shop 3 in Madrid",
      "Find the opening hours of Shop 4 in Madrid",
    ]);
    await endPending(task.id, batch.id);
    await endPending(task.id, batch.id);
    expect(await getBatch({ ctx, caller, input: { batchId: batch.id } })).toMatchObject({
      status: "finished",
      counts: { waiting: 0, running: 0, success: 5 },
    });
  });
});

describe("a batch sent again", () => {
  it("with the same idempotency key answers the first batch and starts no run", async () => {
    const { task, caller } = await newTask({ recorded: true });
    const body = { rows: rowsOf(3), idempotency_key: "nightly-2026-11-28" };
    const first = await createBatch({ ctx, caller, input: { taskId: task.id, batch: body } });
    const again = await createBatch({ ctx, caller, input: { taskId: task.id, batch: body } });
    expect(again.id).toBe(first.id);
    expect(await runsOf(task.id)).toHaveLength(2);
  });

  it("with the same row keys answers the first batch; a row key of another batch is refused", async () => {
    const { task, caller } = await newTask({ recorded: true });
    const rows = rowsOf(3).map((row, i) => ({ ...row, idempotency_key: `order-${i}` }));
    const first = await createBatch({ ctx, caller, input: { taskId: task.id, batch: { rows, concurrency: 3 } } });
    const again = await createBatch({ ctx, caller, input: { taskId: task.id, batch: { rows, concurrency: 3 } } });
    expect(again.id).toBe(first.id);
    const overlapping = createBatch({
      ctx,
      caller,
      input: { taskId: task.id, batch: { rows: [rows[1]!, { ...rows[0]!, idempotency_key: "new" }] } },
    });
    await expect(overlapping).rejects.toMatchObject({
      code: "conflict",
      message: 'The idempotency key "order-1" was already used by a row of another batch',
    });
    expect(await runsOf(task.id)).toHaveLength(3);
  });
});

describe("controlling a batch", () => {
  it("pause starts nothing more until resumed; cancel skips the rows not started and cancels pending runs", async () => {
    const { task, caller } = await newTask({ recorded: true });
    const batch = await createBatch({ ctx, caller, input: { taskId: task.id, batch: { rows: rowsOf(6), concurrency: 2 } } });
    await pauseBatch({ ctx, caller, input: { batchId: batch.id } });
    await endPending(task.id, batch.id);
    expect(await pendingRunsOf(task.id)).toEqual([]);
    await resumeBatch({ ctx, caller, input: { batchId: batch.id } });
    expect(await pendingRunsOf(task.id)).toHaveLength(2);
    const cancelled = await cancelBatch({ ctx, caller, input: { batchId: batch.id } });
    expect(cancelled).toMatchObject({ status: "cancelled", counts: { success: 2, cancelled: 2, skipped: 2, waiting: 0, running: 0 } });
    await dispatchBatch(ctx, batch.id);
    expect(await runsOf(task.id)).toHaveLength(4);
    await expect(resumeBatch({ ctx, caller, input: { batchId: batch.id } })).rejects.toMatchObject({ message: "The batch is cancelled." });
  });

  it("re-runs the rows that did not succeed with new runs, leaving the others", async () => {
    const { task, caller } = await newTask({ recorded: true });
    const batch = await createBatch({ ctx, caller, input: { taskId: task.id, batch: { rows: rowsOf(4), concurrency: 4 } } });
    await endPending(task.id, batch.id, (prompt) => (prompt.includes("Shop 2") || prompt.includes("Shop 4") ? "failed" : "success"));
    expect(await getBatch({ ctx, caller, input: { batchId: batch.id } })).toMatchObject({
      status: "finished",
      counts: { success: 2, failed: 2 },
    });
    const again = await rerunFailedRows({ ctx, caller, input: { batchId: batch.id } });
    expect(again).toMatchObject({ status: "running", counts: { success: 2, running: 2 } });
    expect((await pendingRunsOf(task.id)).map((r) => r.prompt)).toEqual([
      "Find the opening hours of Shop 2 in Madrid",
      "Find the opening hours of Shop 4 in Madrid",
    ]);
    await endPending(task.id, batch.id);
    const page = await listBatchRows({ ctx, caller, input: { batchId: batch.id, offset: 0, limit: 10 } });
    expect(page.rows.map((r) => r.outcome)).toEqual(["success", "success", "success", "success"]);
    expect(page.rows.map((r) => r.verdict)).toEqual(["pass", "pass", "pass", "pass"]);
    expect(await runsOf(task.id)).toHaveLength(6);
    await expect(rerunFailedRows({ ctx, caller, input: { batchId: batch.id } })).rejects.toMatchObject({
      message: "No row of this batch failed.",
    });
  });
});

it("gives the results as CSV: inputs, outcome, verdict, run link, the JSON answer's fields by dotted name", async () => {
  const { task, caller } = await newTask({ recorded: true });
  const batch = await createBatch({
    ctx,
    caller,
    input: {
      taskId: task.id,
      batch: {
        rows: [
          { shop: "Lidl, Centro", city: "Madrid" },
          { shop: "=cmd", city: "Bilbao" },
        ],
        concurrency: 2,
      },
    },
  });
  await endPending(task.id, batch.id, (prompt) => (prompt.includes("cmd") ? "failed" : "success"));
  const rows = await ctx.db.select().from(batchRows).where(eq(batchRows.batchId, batch.id)).orderBy(asc(batchRows.index));
  const link = (runId: string | null) => `http://localhost:3000/tasks/${task.id}/task-runs/${runId}`;
  const { csv, filename } = await getBatchResultsCsv({ ctx, caller, input: { batchId: batch.id } });
  expect(filename).toBe(`errand-batch-${batch.id}.csv`);
  expect(csv).toBe(
    "row,shop,city,outcome,verdict,run_id,run_url,hours.open,hours.close,note\r\n" +
      `1,"Lidl, Centro",Madrid,success,pass,${rows[0]!.runId},${link(rows[0]!.runId)},09:00,21:00,"say ""hi"", ok"\r\n` +
      `2,'=cmd,Bilbao,failed,,${rows[1]!.runId},${link(rows[1]!.runId)},,,\r\n`,
  );
});

it("sends batch.finished once to the workspace's webhooks subscribed to it, with the batch's counts", async () => {
  const { task, caller } = await newTask({ recorded: true });
  const hook = await createWebhook({ ctx, caller, input: { url: "http://127.0.0.1:9/batches", events: ["batch.finished"] } });
  const batch = await createBatch({ ctx, caller, input: { taskId: task.id, batch: { rows: rowsOf(2), concurrency: 2 } } });
  await endPending(task.id, batch.id, (prompt) => (prompt.includes("Shop 2") ? "failed" : "success"));
  await dispatchBatch(ctx, batch.id);
  const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
  expect(deliveries).toMatchObject([{ trigger: "batch_finished", runId: null, detail: batch.id }]);
  const request = await prepareWebhook({
    ctx,
    input: { runId: null, deliveryId: deliveries[0]!.id, url: hook.url, webhookId: hook.id, trigger: "batch_finished" },
  });
  expect(JSON.parse(request!.body)).toMatchObject({
    event: "batch.finished",
    webhook_id: hook.id,
    batch: { id: batch.id, status: "finished", counts: { success: 1, failed: 1 } },
  });
});
