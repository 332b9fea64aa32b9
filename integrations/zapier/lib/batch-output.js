"use strict";

/** A batch as Errand's API gives it (GET /batches/{id}), for Zapier's samples (docs/adr/0041-batches.md in Errand). */
const batchSample = {
  id: "9b2d4f60-7a1c-4e3b-8d5f-1a2b3c4d5e6f",
  task_id: "0e3f6a2b-1c4d-4e5f-8a9b-0c1d2e3f4a5b",
  status: "finished",
  status_reason: null,
  concurrency: 2,
  inputs: ["shop", "city"],
  total_rows: 2,
  counts: { waiting: 0, running: 0, success: 1, failed: 1, error: 0, cancelled: 0, skipped: 0, refused: 0 },
  cost: 240,
  created_by: "user_2b6f0c",
  created_at: "2025-01-15T09:30:00.000Z",
  finished_at: "2025-01-15T09:32:10.000Z",
};

/** The batch's fields as Zapier shows them to the next steps of a Zap (nested keys joined by "__", Zapier's way). */
const batchOutputFields = [
  { key: "id", label: "Batch ID" },
  { key: "task_id", label: "Task ID" },
  { key: "status", label: "Status" },
  { key: "status_reason", label: "Status Reason" },
  { key: "concurrency", label: "Concurrency", type: "integer" },
  { key: "total_rows", label: "Total Rows", type: "integer" },
  { key: "counts__waiting", label: "Rows Waiting", type: "integer" },
  { key: "counts__running", label: "Rows Running", type: "integer" },
  { key: "counts__success", label: "Rows Succeeded", type: "integer" },
  { key: "counts__failed", label: "Rows Failed", type: "integer" },
  { key: "counts__error", label: "Rows With an Error", type: "integer" },
  { key: "counts__cancelled", label: "Rows Cancelled", type: "integer" },
  { key: "counts__skipped", label: "Rows Skipped", type: "integer" },
  { key: "counts__refused", label: "Rows Refused", type: "integer" },
  { key: "cost", label: "Cost (Credit Units)", type: "integer" },
  { key: "created_at", label: "Created At", type: "datetime" },
  { key: "finished_at", label: "Finished At", type: "datetime" },
];

module.exports = { batchSample, batchOutputFields };
