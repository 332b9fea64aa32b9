// The parameters of the Errand node's Batch resource: a saved task run over a list of rows
// (Errand's docs/adr/0041-batches.md).
import type { INodeProperties } from "n8n-workflow";
import { BY_ID, pickedField } from "./fields";

const show = (operation: string | string[]) => ({
  show: { resource: ["batch"], operation: Array.isArray(operation) ? operation : [operation] },
});

export const batchOperationField: INodeProperties = {
  displayName: "Operation",
  name: "operation",
  type: "options",
  noDataExpression: true,
  default: "startBatch",
  displayOptions: { show: { resource: ["batch"] } },
  options: [
    {
      name: "Start",
      value: "startBatch",
      action: "Run a saved task over a list",
      description: "Run a saved task once per row; each row fills the {{inputs}} of the task's prompt",
    },
    { name: "Get", value: "getBatch", action: "Get a batch", description: "Read a batch's status and its rows per outcome" },
    {
      name: "Get Results",
      value: "getBatchResults",
      action: "Get the results of a batch",
      description: "Output one item per row: its inputs, outcome, run and the answer's fields",
    },
  ],
};

export const startBatchFields: INodeProperties[] = [
  pickedField(
    {
      displayName: "Task",
      name: "task",
      required: true,
      displayOptions: show("startBatch"),
      description: "A saved task whose prompt names its inputs as {{name}}",
    },
    "searchTasks",
    BY_ID,
  ),
  {
    displayName: "Rows From",
    name: "rowsFrom",
    type: "options",
    default: "items",
    displayOptions: show("startBatch"),
    options: [
      {
        name: "Incoming Items",
        value: "items",
        description: "One batch for all input items: each item is a row, its fields named like the prompt's inputs",
      },
      { name: "JSON", value: "json", description: "One batch per input item, its rows given as a JSON list of objects" },
    ],
  },
  {
    displayName: "Rows",
    name: "rows",
    type: "json",
    default: "[]",
    required: true,
    displayOptions: { show: { resource: ["batch"], operation: ["startBatch"], rowsFrom: ["json"] } },
    placeholder: '[{ "shop": "Lidl", "city": "Madrid" }]',
    description: "A list of objects, each naming the prompt's inputs",
  },
  {
    displayName: "Concurrency",
    name: "concurrency",
    type: "number",
    typeOptions: { minValue: 1, maxValue: 10 },
    default: 2,
    displayOptions: show("startBatch"),
    description: "How many rows may run at once, 1 to 10",
  },
  {
    displayName: "Wait Until Finished",
    name: "waitUntilFinished",
    type: "boolean",
    default: false,
    displayOptions: show("startBatch"),
    description:
      "Whether to wait until every row has ended (or the batch paused) and output the batch then. Off: output the started batch at once.",
  },
  {
    displayName: "Options",
    name: "options",
    type: "collection",
    placeholder: "Add Option",
    default: {},
    displayOptions: show("startBatch"),
    options: [
      {
        displayName: "Idempotency Key",
        name: "idempotencyKey",
        type: "string",
        default: "",
        description: "Sending the same key again outputs the batch made the first time and starts nothing",
      },
    ],
  },
];

export const batchIdFields: INodeProperties[] = [
  {
    displayName: "Batch ID",
    name: "batchId",
    type: "string",
    required: true,
    default: "",
    displayOptions: show(["getBatch", "getBatchResults"]),
    description: "The ID of the batch, as Start or the Errand Trigger output it",
  },
];
