"use strict";

const { apiUrl } = require("../lib/errand-api");
const { batchSample, batchOutputFields } = require("../lib/batch-output");

const invalidInput = (z, message) => new z.errors.Error(message, "InvalidInput", 400);
const filled = (value) => value !== undefined && value !== null && String(value).trim() !== "";

// The inputs a prompt names as {{name}} (a {{secret:...}} placeholder is a credential, not an input), each once, in order.
const INPUT_PATTERN = /\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g;
const inputsOf = (prompt) => [...new Set([...String(prompt).matchAll(INPUT_PATTERN)].map((m) => m[1]))];

/** The line items of the chosen task: one column per input of its prompt. Nothing until a task is chosen. */
const rowFields = async (z, bundle) => {
  const taskId = String(bundle.inputData.task_id || "").trim();
  if (!taskId) return [];
  const response = await z.request({ url: apiUrl(bundle, `/tasks/${encodeURIComponent(taskId)}`), skipThrowForStatus: true });
  if (response.status !== 200) return [];
  const inputs = inputsOf(response.data.prompt);
  if (!inputs.length) return [];
  return [
    {
      key: "rows",
      label: "Rows",
      required: false,
      helpText: "One line item per row: each gives the prompt's inputs. Leave empty to give Rows (JSON) instead.",
      children: inputs.map((name) => ({ key: name, label: name, required: false })),
    },
  ];
};

/** The rows: Rows (JSON) when given, else the line items. */
const rowsOf = (z, input) => {
  if (filled(input.rows_json)) {
    let rows;
    try {
      rows = typeof input.rows_json === "string" ? JSON.parse(input.rows_json) : input.rows_json;
    } catch {
      throw invalidInput(z, "Rows (JSON) is not valid JSON.");
    }
    if (!Array.isArray(rows)) throw invalidInput(z, "Rows (JSON) must be a list of objects.");
    return rows;
  }
  if (Array.isArray(input.rows) && input.rows.length) return input.rows;
  throw invalidInput(z, "Give the rows as line items or as Rows (JSON).");
};

/** POST /tasks/{id}/batches: the saved task once per row; the started batch is the step's output. */
const perform = async (z, bundle) => {
  const input = bundle.inputData;
  const body = { rows: rowsOf(z, input) };
  if (filled(input.concurrency)) body.concurrency = Number(input.concurrency);
  if (filled(input.idempotency_key)) body.idempotency_key = String(input.idempotency_key);
  const taskId = String(input.task_id || "").trim();
  const response = await z.request({ url: apiUrl(bundle, `/tasks/${encodeURIComponent(taskId)}/batches`), method: "POST", body });
  return response.data;
};

module.exports = {
  key: "run_batch",
  noun: "Batch",
  display: {
    label: "Run Task Over a List",
    description: "Runs a saved task once per row of a list; each row fills the {{inputs}} of the task's prompt.",
  },
  operation: {
    inputFields: [
      {
        key: "task_id",
        label: "Task",
        dynamic: "task_list.id.label",
        required: true,
        altersDynamicFields: true,
        helpText: "A saved task whose prompt names its inputs as {{name}}, e.g. “Is {{shop}} in {{city}} open today?”.",
      },
      rowFields,
      {
        key: "rows_json",
        label: "Rows (JSON)",
        type: "text",
        required: false,
        helpText: 'Instead of line items: a JSON list of objects, e.g. [{"shop": "Lidl", "city": "Madrid"}]. At most 1,000 rows.',
      },
      {
        key: "concurrency",
        label: "Concurrency",
        type: "integer",
        required: false,
        helpText: "How many rows may run at once, 1 to 10 (2 when left empty).",
      },
      {
        key: "idempotency_key",
        label: "Idempotency Key",
        required: false,
        helpText: "Sending the same key again gives the batch made the first time and starts nothing (for a Zap that may retry).",
      },
    ],
    perform,
    sample: { ...batchSample, status: "running", counts: { ...batchSample.counts, running: 2, success: 0, failed: 0 }, finished_at: null },
    outputFields: batchOutputFields,
  },
};
