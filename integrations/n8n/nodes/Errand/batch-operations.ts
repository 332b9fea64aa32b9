// What each operation of the Batch resource does (Errand's docs/adr/0041-batches.md).
import type { IDataObject, IExecuteFunctions } from "n8n-workflow";
import { NodeOperationError, sleep } from "n8n-workflow";
import { errandRequest } from "../../shared/errand-api";

const POLL_INTERVAL_MS = 2_000;

interface ErrandBatch extends IDataObject {
  id: string;
  status: "running" | "paused" | "cancelled" | "finished";
}

/** A row from an input item: its text, number and boolean fields (Errand takes no other values; fields the prompt does not name are dropped). */
function rowOf(json: IDataObject): IDataObject {
  return Object.fromEntries(Object.entries(json).filter(([, v]) => ["string", "number", "boolean"].includes(typeof v)));
}

function parseRows(ctx: IExecuteFunctions, i: number): IDataObject[] {
  const raw = ctx.getNodeParameter("rows", i) as string | IDataObject[];
  let rows: unknown = raw;
  if (typeof raw === "string") {
    try {
      rows = JSON.parse(raw);
    } catch {
      throw new NodeOperationError(ctx.getNode(), "Rows is not valid JSON", { itemIndex: i });
    }
  }
  if (!Array.isArray(rows)) throw new NodeOperationError(ctx.getNode(), "Rows must be a JSON list of objects", { itemIndex: i });
  return rows as IDataObject[];
}

/**
 * Reads GET /batches/{id} every 2 s while it runs: a finished or cancelled batch has ended, and a
 * paused one waits for a person (resumed in Errand), so either is output as it is. Stopping the
 * execution stops the wait, not the batch.
 */
async function waitForBatch(ctx: IExecuteFunctions, batch: ErrandBatch, i: number): Promise<ErrandBatch> {
  const signal = ctx.getExecutionCancelSignal();
  let current = batch;
  while (current.status === "running" && !signal?.aborted) {
    await sleep(POLL_INTERVAL_MS);
    current = await errandRequest<ErrandBatch>(ctx, "GET", `/batches/${encodeURIComponent(batch.id)}`, { itemIndex: i });
  }
  return current;
}

/** POST /tasks/{id}/batches with the rows given (item i's JSON), or with `rows` (every input item, for Incoming Items). */
export async function startBatch(ctx: IExecuteFunctions, i: number, rows?: IDataObject[]): Promise<IDataObject> {
  const taskId = ctx.getNodeParameter("task", i, "", { extractValue: true }) as string;
  const options = ctx.getNodeParameter("options", i, {}) as { idempotencyKey?: string };
  const body: IDataObject = {
    rows: rows ?? parseRows(ctx, i),
    concurrency: ctx.getNodeParameter("concurrency", i, 2) as number,
  };
  if (options.idempotencyKey) body.idempotency_key = options.idempotencyKey;
  const path = `/tasks/${encodeURIComponent(taskId.trim())}/batches`;
  const batch = await errandRequest<ErrandBatch>(ctx, "POST", path, { body, itemIndex: i });
  return (ctx.getNodeParameter("waitUntilFinished", i, false) as boolean) ? await waitForBatch(ctx, batch, i) : batch;
}

/** Start with Rows From "Incoming Items": one batch, each input item a row, the settings of the first item. */
export async function startBatchFromItems(ctx: IExecuteFunctions): Promise<IDataObject> {
  return startBatch(
    ctx,
    0,
    ctx.getInputData().map((item) => rowOf(item.json)),
  );
}

const batchPath = (ctx: IExecuteFunctions, i: number) =>
  `/batches/${encodeURIComponent((ctx.getNodeParameter("batchId", i) as string).trim())}`;

export async function getBatch(ctx: IExecuteFunctions, i: number): Promise<IDataObject> {
  return errandRequest<ErrandBatch>(ctx, "GET", batchPath(ctx, i), { itemIndex: i });
}

/** GET /batches/{id}/results: one item per row, keyed by the table's columns (row, inputs, outcome, run_id, run_url, answer fields). */
export async function getBatchResults(ctx: IExecuteFunctions, i: number): Promise<IDataObject[]> {
  const { rows } = await errandRequest<{ rows: IDataObject[] }>(ctx, "GET", `${batchPath(ctx, i)}/results`, {
    qs: { format: "json" },
    itemIndex: i,
  });
  return rows;
}
