import { queryOptions } from "@tanstack/react-query";
import type { ApiBody, Batch } from "@errand/contract";
import { apiFileText } from "./http";
import { callOperation, operationUrl } from "./operation";

export const batchKeys = {
  ofTask: (taskId: string) => ["batches", "task", taskId] as const,
  batch: (id: string) => ["batches", "one", id] as const,
  results: (id: string) => ["batches", "one", id, "results"] as const,
};

/**
 * While a batch runs, or has runs still going (a paused or cancelled batch lets them end), its
 * progress is read again this often; once nothing moves it is not read again.
 */
export const BATCH_POLL_MS = 2000;
const moving = (batch: Batch) => batch.status === "running" || batch.counts.running > 0;
const pollWhileMoving = (batch: Batch | undefined) => (batch && moving(batch) ? BATCH_POLL_MS : false);

/** GET /batches?task_id=: the task's batches, newest first. */
export const taskBatchesQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: batchKeys.ofTask(taskId),
    queryFn: async ({ signal }) => (await callOperation("listBatches", { query: { task_id: taskId }, signal })).batches,
    refetchInterval: (query) => (query.state.data?.some(moving) ? BATCH_POLL_MS : false),
  });

/** GET /batches/{id}, read again every 2 s while it moves. */
export const batchQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: batchKeys.batch(batchId),
    queryFn: ({ signal }) => callOperation("getBatch", { params: { id: batchId }, signal }),
    refetchInterval: (query) => pollWhileMoving(query.state.data),
  });

/** GET /batches/{id}/results: the rows by columns (the page reads it again when the progress moves). */
export const batchResultsQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: batchKeys.results(batchId),
    queryFn: ({ signal }) => callOperation("getBatchResults", { params: { id: batchId }, query: { format: "json" }, signal }),
  });

export function createBatch(taskId: string, body: ApiBody<"createBatch">): Promise<Batch> {
  return callOperation("createBatch", { params: { id: taskId }, body });
}

export type BatchControl = "pause" | "resume" | "cancel" | "rerun";
const CONTROLS = {
  pause: "pauseBatch",
  resume: "resumeBatch",
  cancel: "cancelBatch",
  rerun: "rerunFailedBatchRows",
} as const;

export function controlBatch(batchId: string, control: BatchControl): Promise<Batch> {
  return callOperation(CONTROLS[control], { params: { id: batchId } });
}

/** GET /batches/{id}/results?format=csv: the file's text and name, fetched in the chosen workspace. */
export function getBatchResultsCsv(batchId: string): Promise<{ text: string; fileName: string | null }> {
  return apiFileText(operationUrl("getBatchResults", { id: batchId }, { format: "csv" }));
}
