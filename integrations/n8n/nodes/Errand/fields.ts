// The parameters of the Errand node, one block per operation.
import type { INodeProperties } from "n8n-workflow";

const show = (operation: string) => ({ show: { resource: ["run"], operation: [operation] } });

/** Runs (one task, one run) or batches (a saved task over a list); workflows from before batches are on Run, the default. */
export const resourceField: INodeProperties = {
  displayName: "Resource",
  name: "resource",
  type: "options",
  noDataExpression: true,
  default: "run",
  options: [
    { name: "Batch", value: "batch" },
    { name: "Run", value: "run" },
  ],
};

export const operationField: INodeProperties = {
  displayName: "Operation",
  name: "operation",
  type: "options",
  noDataExpression: true,
  default: "runTask",
  displayOptions: { show: { resource: ["run"] } },
  options: [
    {
      name: "Run a Task",
      value: "runTask",
      action: "Run a task in a browser",
      description: "Describe a task on a website in plain language; an AI agent does it in a real browser",
    },
    { name: "Get a Run", value: "getRun", action: "Get a run", description: "Read a run's status and result" },
    {
      name: "Run a Marketplace Automation",
      value: "runAutomation",
      action: "Run a marketplace automation",
      description: "Run a ready-made automation with its own prompt and settings",
    },
  ],
};

/** How a picked field is typed by hand instead: by its id (a saved login, a task). */
export const BY_ID = { displayName: "ID", name: "id", placeholder: "e.g. 0b6f6c1e-3c2d-4f7a-9a41-2f1f8f0d8c11" };

/**
 * A field picked from a searchable list (`search`: the node's list search method) or typed by
 * hand as `typed` says; the list is the default.
 */
export const pickedField = (
  field: Pick<INodeProperties, "displayName" | "name" | "description" | "required" | "displayOptions">,
  search: string,
  typed: { displayName: string; name: string; placeholder: string },
): INodeProperties => ({
  ...field,
  type: "resourceLocator",
  default: { mode: "list", value: "" },
  modes: [
    { displayName: "From List", name: "list", type: "list", typeOptions: { searchListMethod: search, searchable: true } },
    { ...typed, type: "string" },
  ],
});

const savedLogin = pickedField(
  { displayName: "Saved Login", name: "savedLogin", description: "Start the browser signed in with one of your saved logins" },
  "searchSavedLogins",
  BY_ID,
);

const startUrl: INodeProperties = {
  displayName: "Start URL",
  name: "startUrl",
  type: "string",
  default: "",
  placeholder: "https://example.com",
  description: "The page the browser opens first",
};

/** A number option of the run, kept between the bounds the API takes. */
const numberOption = (
  name: string,
  displayName: string,
  bounds: { minValue: number; maxValue: number; numberPrecision?: number },
  start: number,
  description: string,
): INodeProperties => ({ displayName, name, type: "number", typeOptions: bounds, default: start, description });

const timeLimit = numberOption(
  "timeLimit",
  "Time Limit (Seconds)",
  { minValue: 30, maxValue: 3600 },
  300,
  "How long the run may last, 30 to 3600 seconds",
);

/** The run's limits (Errand's docs/adr/0037-spending-limits.md): 0 means none. */
const costLimit = numberOption(
  "costLimit",
  "Cost Limit (USD)",
  { minValue: 0, maxValue: 1000, numberPrecision: 2 },
  0,
  "Stop the run once it has cost this many dollars (charged time plus model spend). 0: no limit.",
);
const stepLimit = numberOption(
  "stepLimit",
  "Step Limit",
  { minValue: 0, maxValue: 500 },
  0,
  "Stop the run after this many steps. 0: no limit.",
);

const atLimit: INodeProperties = {
  displayName: "At a Limit",
  name: "atLimit",
  type: "options",
  options: [
    { name: "Stop the Run", value: "stop" },
    { name: "Ask a Person to Raise It", value: "ask" },
  ],
  default: "stop",
  description: "Whether the run stops at a limit, or waits for a person to raise it on the run's page",
};

const waitForResult = (operation: string): INodeProperties => ({
  displayName: "Wait for Result",
  name: "waitForResult",
  type: "boolean",
  default: true,
  displayOptions: show(operation),
  description:
    "Whether to wait until the run ends and output its result. Off: output the queued run at once (status pending) and read it later with Get a Run or the Errand Trigger.",
});

export const runTaskFields: INodeProperties[] = [
  {
    displayName: "Prompt",
    name: "prompt",
    type: "string",
    typeOptions: { rows: 4 },
    required: true,
    default: "",
    displayOptions: show("runTask"),
    placeholder: "Open example.com and return the price shown on the page",
    description: "The task, in plain language",
  },
  {
    displayName: "Response Format",
    name: "responseFormat",
    type: "options",
    default: "text",
    displayOptions: show("runTask"),
    options: [
      { name: "Text", value: "text", description: "The result is the agent's answer as text" },
      { name: "JSON", value: "json", description: "The result is JSON data; its parsed value is output as data" },
    ],
  },
  {
    displayName: "JSON Schema",
    name: "jsonSchema",
    type: "json",
    default: "",
    displayOptions: { show: { resource: ["run"], operation: ["runTask"], responseFormat: ["json"] } },
    placeholder: '{ "type": "object", "properties": { "price": { "type": "number" } } }',
    description: "Optional: the shape the JSON result must have",
  },
  waitForResult("runTask"),
  {
    displayName: "Options",
    name: "options",
    type: "collection",
    placeholder: "Add Option",
    default: {},
    displayOptions: show("runTask"),
    options: [savedLogin, startUrl, timeLimit, costLimit, stepLimit, atLimit],
  },
];

export const getRunFields: INodeProperties[] = [
  {
    displayName: "Run ID",
    name: "runId",
    type: "string",
    required: true,
    default: "",
    displayOptions: show("getRun"),
    description: "The ID of the run, as Run a Task or the Errand Trigger output it",
  },
  {
    displayName: "Include Steps",
    name: "includeSteps",
    type: "boolean",
    default: false,
    displayOptions: show("getRun"),
    description: "Whether to add the run's steps (each action of the agent) as steps",
  },
];

export const runAutomationFields: INodeProperties[] = [
  pickedField(
    {
      displayName: "Automation",
      name: "automation",
      required: true,
      displayOptions: show("runAutomation"),
      description: "A ready-made automation from the Errand marketplace",
    },
    "searchAutomations",
    { displayName: "Slug", name: "slug", placeholder: "e.g. extract-table-from-any-page" },
  ),
  waitForResult("runAutomation"),
  {
    displayName: "Options",
    name: "options",
    type: "collection",
    placeholder: "Add Option",
    default: {},
    displayOptions: show("runAutomation"),
    options: [
      {
        displayName: "Prompt",
        name: "prompt",
        type: "string",
        typeOptions: { rows: 4 },
        default: "",
        description: "Replaces the automation's prompt, e.g. with its [bracketed] parts filled in. Empty: the automation's own prompt.",
      },
      { ...startUrl, description: "The page the browser opens first. Empty: the automation's own." },
      savedLogin,
      { ...timeLimit, description: "How long the run may last, 30 to 3600 seconds. Empty: the automation's own." },
      costLimit,
      stepLimit,
      atLimit,
    ],
  },
];
