import { API_ROUTES, operationPath } from "@errand/contract/routes";
import type { ApiBody, ApiResult, Batch, BatchRowsPage } from "@errand/contract";
import { waitWhileRunning } from "../wait-while-running.ts";
import { callOperation } from "../operation-call.ts";
import { Resource } from "./resource.ts";
import type { RequestOptions, WaitWhileRunningOptions } from "../types.ts";

/** How often waitForBatch reads the batch's progress, unless told. */
const BATCH_POLL_MS = 2000;

/** Batches: a saved task run over rows of its prompt's `{{inputs}}`, one run per row (docs/adr/0041-batches.md). */
export class Batches extends Resource {
  /**
   * POST /tasks/{id}/batches: one run per row, `concurrency` (1 to 10, default 2) at once. Sent
   * again with the same `idempotency_key` (or the same rows' keys) it answers the first batch.
   */
  create(taskId: string, batch: ApiBody<"createBatch">, options?: RequestOptions): Promise<Batch> {
    return callOperation(this.http, "createBatch", { params: { id: taskId }, body: batch }, options);
  }

  /** GET /batches: the workspace's batches (or one task's), newest first. */
  async list(query: { task_id?: string } = {}, options?: RequestOptions): Promise<Batch[]> {
    return (await callOperation(this.http, "listBatches", { query }, options)).batches;
  }

  /** GET /batches/{id}: its status, its rows per state and outcome, and its total cost. */
  get(id: string, options?: RequestOptions): Promise<Batch> {
    return callOperation(this.http, "getBatch", { params: { id } }, options);
  }

  /** GET /batches/{id}/rows: a page of its rows, each with its run. */
  rows(id: string, query: { offset?: number; limit?: number } = {}, options?: RequestOptions): Promise<BatchRowsPage> {
    return callOperation(this.http, "listBatchRows", { params: { id }, query }, options);
  }

  /** GET /batches/{id}/results: rows by answer fields (JSON answers flattened to dotted names). */
  results(id: string, options?: RequestOptions): Promise<ApiResult<"getBatchResults">> {
    return callOperation(this.http, "getBatchResults", { params: { id }, query: { format: "json" } }, options);
  }

  /** GET /batches/{id}/results?format=csv: the same table as CSV text (RFC 4180, a header row). */
  async resultsCsv(id: string, options?: RequestOptions): Promise<string> {
    return this.csvText(operationPath(API_ROUTES.getBatchResults.path, { id }), {}, options);
  }

  /** POST /batches/{id}/pause: no further row starts. */
  pause(id: string, options?: RequestOptions): Promise<Batch> {
    return callOperation(this.http, "pauseBatch", { params: { id } }, options);
  }

  /** POST /batches/{id}/resume. */
  resume(id: string, options?: RequestOptions): Promise<Batch> {
    return callOperation(this.http, "resumeBatch", { params: { id } }, options);
  }

  /** POST /batches/{id}/cancel: rows not started are skipped, pending runs cancelled. */
  cancel(id: string, options?: RequestOptions): Promise<Batch> {
    return callOperation(this.http, "cancelBatch", { params: { id } }, options);
  }

  /** POST /batches/{id}/rerun-failed: a new run for each row that did not succeed. */
  rerunFailed(id: string, options?: RequestOptions): Promise<Batch> {
    return callOperation(this.http, "rerunFailedBatchRows", { params: { id } }, options);
  }

  /**
   * Resolves with the batch once it is finished or cancelled (or paused, when it paused itself
   * for the balance: `status_reason` says why). `onProgress` gets each reading.
   */
  waitForBatch(id: string, options: WaitWhileRunningOptions<Batch> = {}): Promise<Batch> {
    return waitWhileRunning((signal) => this.get(id, { signal }), options, "batch", BATCH_POLL_MS);
  }
}
