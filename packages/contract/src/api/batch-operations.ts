import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";
import {
  BATCH_CONCURRENCY,
  BATCH_MAX_ROWS,
  ROW_KEY_FIELD,
  batchListQuerySchema,
  batchListSchema,
  batchResultsQuerySchema,
  batchResultsSchema,
  batchRowsPageSchema,
  batchRowsQuerySchema,
  batchSchema,
  createBatchSchema,
} from "../batches.ts";
import { area, byId, created, idParam, jsonContent, ok, okOrCsv } from "./describe.ts";

const op = area(["Batches"]);
const ROWS =
  `Each row fills the task's prompt inputs (\`{{name}}\` in the prompt) and becomes one ordinary run of the task with its saved settings: held, charged and capped like any run, and counted in the pending-run limit (rows wait for room). ` +
  `At most ${BATCH_MAX_ROWS} rows; a row without a value for an input is refused with 400 naming it. Send JSON (\`rows\`, \`concurrency\` ${BATCH_CONCURRENCY.min} to ${BATCH_CONCURRENCY.max}, default ${BATCH_CONCURRENCY.default}, \`idempotency_key\`), ` +
  `or a CSV body (text/csv, RFC 4180, the header row naming the inputs; \`?concurrency=\` and \`?idempotency_key=\` in the query), or a multipart form with the CSV as its \`file\`. ` +
  `A row's \`${ROW_KEY_FIELD}\` field (or column) is its key: a batch sent again with the same batch key, or with exactly the same row keys, answers the first batch and starts nothing; row keys another batch used are refused with 409. ` +
  "While the task has no recording, the first row runs alone, so it records and the others can replay.";
const notNow = { 409: jsonContent(apiErrorSchema, "The batch is not in a state that allows this (its status is named)") };

export const createBatchQuerySchema = z.object({
  concurrency: z.coerce.number().int().optional().meta({ description: "With a CSV body: rows whose runs may be pending at once" }),
  idempotency_key: z.string().optional().meta({ description: "With a CSV body: the batch's idempotency key" }),
});

export const batchOperations = {
  createBatch: op("createBatch", {
    summary: "Run a saved task over a list of rows",
    description: ROWS,
    request: {
      params: idParam,
      query: createBatchQuerySchema,
      body: {
        content: {
          "application/json": { schema: createBatchSchema },
          "text/csv": { schema: z.string() },
          "multipart/form-data": {
            schema: z.object({ file: z.any().meta({ type: "string", format: "binary", description: "The CSV file" }) }),
          },
        },
        required: false,
      },
    },
    responses: created(batchSchema, "The batch, its first rows started", {
      409: jsonContent(apiErrorSchema, "A row's idempotency key was used by another batch"),
    }),
  }),
  listBatches: op("listBatches", {
    summary: "Your workspace's batches, newest first (the latest 100)",
    request: { query: batchListQuerySchema },
    responses: ok(batchListSchema, "The batches"),
  }),
  getBatch: op("getBatch", {
    summary: "A batch with its progress: rows per state and outcome, and what its runs cost",
    request: byId,
    responses: ok(batchSchema, "The batch"),
  }),
  listBatchRows: op("listBatchRows", {
    summary: "A batch's rows in order, each with its run",
    request: { params: idParam, query: batchRowsQuerySchema },
    responses: ok(batchRowsPageSchema, "A page of rows; `next_offset` is null on the last"),
  }),
  getBatchResults: op("getBatchResults", {
    summary: "A batch's results: one table of rows by answer fields",
    description: "With format=csv, the table as a CSV file (text/csv, RFC 4180, a header row) to download.",
    request: { params: idParam, query: batchResultsQuerySchema },
    responses: okOrCsv(batchResultsSchema, "The results"),
  }),
  pauseBatch: op("pauseBatch", {
    summary: "Pause a batch",
    description: "No further row starts; runs already pending go on.",
    request: byId,
    responses: ok(batchSchema, "The paused batch", notNow),
  }),
  resumeBatch: op("resumeBatch", {
    summary: "Resume a paused batch",
    description: "Also after the batch paused itself because the balance or the spending limit refused a row (`status_reason`).",
    request: byId,
    responses: ok(batchSchema, "The running batch", notNow),
  }),
  cancelBatch: op("cancelBatch", {
    summary: "Cancel a batch",
    description: "Rows not started are `skipped`; the runs still pending are cancelled.",
    request: byId,
    responses: ok(batchSchema, "The cancelled batch", notNow),
  }),
  rerunFailedBatchRows: op("rerunFailedBatchRows", {
    summary: "Re-run a batch's rows that did not succeed",
    description:
      "Each such row (failed, error, cancelled, skipped or refused) gets a new run and the batch runs again. Not while it is running.",
    request: byId,
    responses: ok(batchSchema, "The running batch", notNow),
  }),
};
