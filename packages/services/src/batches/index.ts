// @errand/services/batches: a saved task run over rows of parameters (docs/adr/0041-batches.md).
export { createBatch } from "./create-batch.ts";
export { csvBatchRows } from "./batch-rows-input.ts";
export { getBatch, listBatches, listBatchRows } from "./list-batches.ts";
export { cancelBatch, pauseBatch, rerunFailedRows, resumeBatch } from "./batch-controls.ts";
export { getBatchResults, getBatchResultsCsv, type BatchResults } from "./batch-results.ts";
export { dispatchBatch } from "./dispatch-batch.ts";
export { sweepBatches, wakeBatch } from "./sweep-batches.ts";
