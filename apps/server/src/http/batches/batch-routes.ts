import { batchOperations, type CreateBatch } from "@errand/contract";
import {
  cancelBatch,
  createBatch,
  csvBatchRows,
  getBatch,
  getBatchResults,
  getBatchResultsCsv,
  listBatches,
  listBatchRows,
  pauseBatch,
  rerunFailedRows,
  resumeBatch,
} from "@errand/services/batches";
import { invalid, type ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../authenticate.ts";
import { serveJsonOrCsv } from "../files/serve-json-or-csv.ts";
import { verbServer } from "../serve-verb.ts";

const create = createRoute(batchOperations.createBatch);

/** Batches (docs/adr/0041-batches.md): a saved task over rows, below /tasks/{id}/batches and /batches. */
export function registerBatchRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  api.openapi(create, async (c) => {
    const batch = await batchFromRequest(c, c.req.valid("query"));
    const made = await createBatch({ ctx, caller: c.get("caller"), input: { taskId: c.req.valid("param").id, batch } });
    return c.json(made, 201);
  });
  serve(batchOperations.listBatches, ({ query }) => ({ taskId: query.task_id }), listBatches);
  serve(batchOperations.getBatch, ({ param }) => ({ batchId: param.id }), getBatch);
  serve(batchOperations.listBatchRows, ({ param, query }) => ({ batchId: param.id, ...query }), listBatchRows);
  const results = { json: getBatchResults, csv: getBatchResultsCsv };
  serveJsonOrCsv(api, ctx, batchOperations.getBatchResults, ({ param }) => ({ batchId: param.id }), results);
  serve(batchOperations.pauseBatch, ({ param }) => ({ batchId: param.id }), pauseBatch);
  serve(batchOperations.resumeBatch, ({ param }) => ({ batchId: param.id }), resumeBatch);
  serve(batchOperations.cancelBatch, ({ param }) => ({ batchId: param.id }), cancelBatch);
  serve(batchOperations.rerunFailedBatchRows, ({ param }) => ({ batchId: param.id }), rerunFailedRows);
}

/**
 * The batch as sent: JSON, a CSV body (text/csv), or a multipart form whose `file` is the CSV;
 * with CSV, concurrency and the batch's key come in the query.
 */
async function batchFromRequest(c: Context<AppEnv>, query: { concurrency?: number; idempotency_key?: string }): Promise<CreateBatch> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const fromCsv = (text: string): CreateBatch => ({
    rows: csvBatchRows(text),
    ...(query.concurrency === undefined ? {} : { concurrency: query.concurrency }),
    ...(query.idempotency_key === undefined ? {} : { idempotency_key: query.idempotency_key }),
  });
  if (type.startsWith("text/csv")) return fromCsv(await c.req.text());
  if (type.startsWith("multipart/form-data")) {
    const file = (await c.req.parseBody())["file"];
    if (!(file instanceof File)) throw invalid([{ path: "file", message: "Send the CSV as the form's file field" }]);
    return fromCsv(await file.text());
  }
  // JSON was checked against the operation's schema on the way in.
  const json = c.req.valid("json" as never) as CreateBatch | undefined;
  if (!json) throw invalid([{ path: "body", message: "Send the rows as JSON, as CSV (text/csv), or as a multipart form's file" }]);
  return json;
}
