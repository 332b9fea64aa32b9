"use strict";

const { choicesOf } = require("../lib/choices");
const { apiUrl } = require("../lib/errand-api");
const { runSample, runOutputFields } = require("../lib/run-output");

const invalidInput = (z, message) => new z.errors.Error(message, "InvalidInput", 400);
const filled = (value) => value !== undefined && value !== null && String(value).trim() !== "";

/** The JSON Schema field: an object as given by a code step, or JSON text. */
const parseJsonSchema = (z, value) => {
  if (!filled(value)) return undefined;
  if (typeof value === "object") return value;
  try {
    return JSON.parse(value);
  } catch {
    throw invalidInput(z, "JSON Schema is not valid JSON.");
  }
};

/**
 * Where the run is created and with what: the fields given. With an automation chosen, Errand's
 * POST /automations/{slug}/runs fills each field left empty from the automation.
 */
const runRequest = (z, bundle) => {
  const input = bundle.inputData;
  const settings = {};
  if (filled(input.prompt)) settings.prompt = input.prompt;
  if (filled(input.response_format)) settings.response_format = input.response_format;
  const jsonSchema = parseJsonSchema(z, input.json_schema);
  if (jsonSchema !== undefined) settings.json_schema = jsonSchema;
  if (filled(input.initial_url)) settings.initial_url = input.initial_url;
  if (filled(input.session_timeout)) settings.session_timeout = Number(input.session_timeout);
  // The run's limits (Errand's docs/adr/0037-spending-limits.md): checked by the API like any field.
  if (filled(input.max_cost_usd)) settings.max_cost_usd = Number(input.max_cost_usd);
  if (filled(input.max_steps)) settings.max_steps = Number(input.max_steps);
  if (filled(input.on_limit)) settings.on_limit = input.on_limit;
  if (filled(input.auth_context_id)) settings.auth_context_id = input.auth_context_id;
  if (filled(input.automation)) return { path: `/automations/${encodeURIComponent(input.automation)}/runs`, settings };
  if (!filled(settings.prompt)) throw invalidInput(z, "Prompt is required unless you choose an automation.");
  return { path: "/runs", settings };
};

/** Booleans from Zapier arrive as booleans or as "yes"/"no"/"true"/"false" text. */
const isYes = (value) => value === undefined || value === null || value === "" || value === true || /^(yes|true|1)$/i.test(String(value));

/**
 * Creates the run. Waiting: the run's webhook_url is Zapier's callback URL, so the Zap pauses
 * until Errand POSTs `{ event: "run.finished", delivery_id, run }` there when the run ends.
 */
const perform = async (z, bundle) => {
  const { path, settings } = runRequest(z, bundle);
  if (isYes(bundle.inputData.wait)) settings.webhook_url = z.generateCallbackUrl();
  const created = await z.request({ url: apiUrl(bundle, path), method: "POST", body: settings });
  const response = await z.request({ url: apiUrl(bundle, `/runs/${created.data.id}`) });
  return response.data;
};

/** The callback arrived: the delivered run, or (for any other body) the run as it is now. */
const performResume = async (z, bundle) => {
  const delivered = bundle.cleanedRequest && bundle.cleanedRequest.run;
  if (delivered && delivered.id === bundle.outputData.id) return delivered;
  const response = await z.request({ url: apiUrl(bundle, `/runs/${bundle.outputData.id}`) });
  return response.data;
};

module.exports = {
  key: "run_task",
  noun: "Run",
  display: {
    label: "Run Task",
    description: "Runs a web task described in plain language in a real browser and gives its result.",
  },
  operation: {
    inputFields: [
      {
        key: "automation",
        label: "Automation",
        dynamic: "automation_list.slug.title",
        required: false,
        helpText:
          "Optional: start from a ready-made automation of the marketplace. Its prompt and settings fill every field you leave empty.",
      },
      {
        key: "prompt",
        label: "Prompt",
        type: "text",
        required: false,
        helpText:
          'Describe the web task in plain language, e.g. "Find the price of the cheapest direct flight from Berlin to Lisbon next Friday". Required unless you chose an automation.',
      },
      {
        key: "response_format",
        label: "Response Format",
        required: false,
        choices: choicesOf([
          ["text", "Text"],
          ["json", "JSON"],
        ]),
        helpText: "Text (when left empty) or JSON.",
      },
      {
        key: "json_schema",
        label: "JSON Schema",
        type: "text",
        required: false,
        helpText: "Only for the JSON response format: the JSON Schema the result must follow.",
      },
      {
        key: "auth_context_id",
        label: "Auth Context",
        dynamic: "auth_context_list.id.label",
        required: false,
        helpText: "A saved login session: the agent starts signed in to that website.",
      },
      {
        key: "initial_url",
        label: "Initial URL",
        required: false,
        helpText: "The page the browser opens first.",
      },
      {
        key: "session_timeout",
        label: "Session Timeout",
        type: "integer",
        required: false,
        helpText: "Seconds the run may last, 30 to 3600 (300 when left empty).",
      },
      {
        key: "max_cost_usd",
        label: "Cost Limit (USD)",
        type: "number",
        required: false,
        helpText: "Stop the run once it has cost this many dollars (charged time plus model spend). Empty: no limit.",
      },
      {
        key: "max_steps",
        label: "Step Limit",
        type: "integer",
        required: false,
        helpText: "Stop the run after this many steps. Empty: no limit.",
      },
      {
        key: "on_limit",
        label: "At a Limit",
        required: false,
        choices: choicesOf([
          ["stop", "Stop the run"],
          ["ask", "Ask a person to raise the limit"],
        ]),
        helpText: "Stop (when left empty), or wait for a person to raise the limit on the run's page.",
      },
      {
        key: "wait",
        label: "Wait for the Result",
        type: "boolean",
        required: false,
        default: "yes",
        helpText:
          "Yes: the Zap pauses until the run ends and this step gives the finished run with its result. No: this step gives the run as soon as it is queued (status pending).",
      },
    ],
    perform,
    performResume,
    sample: runSample,
    outputFields: runOutputFields,
  },
};
