"use strict";

/** A finished run as Errand's API gives it (GET /runs/{id}), for Zapier's samples. */
const runSample = {
  id: "7a1c1f4e-5b7a-4c55-9f0e-2d5b8c3e9a10",
  task_id: "0e3f6a2b-1c4d-4e5f-8a9b-0c1d2e3f4a5b",
  number: 1,
  user_id: "user_2b6f0c",
  prompt: "Find the price of the cheapest direct flight from Berlin to Lisbon next Friday",
  status: "success",
  status_reason: null,
  failure: null,
  result: "The cheapest direct flight costs 89 EUR (TAP, 10:05).",
  execution_time: 42.5,
  input_tokens: 18250,
  output_tokens: 412,
  cost: 120,
  charge: { kind: "credits", credits: 120 },
  public: false,
  response_format: "text",
  json_schema: null,
  auth_context_id: null,
  webhook_url: null,
  session_timeout: 300,
  time_limit: 300,
  time_limit_note: null,
  initial_url: null,
  model: "gpt-4.1",
  model_provider: "openai",
  created_at: "2025-01-15T09:30:00.000Z",
  started_at: "2025-01-15T09:30:01.000Z",
  finished_at: "2025-01-15T09:30:43.500Z",
};

/** The run's fields as Zapier shows them to the next steps of a Zap. */
const runOutputFields = [
  { key: "id", label: "Run ID" },
  { key: "task_id", label: "Task ID" },
  { key: "number", label: "Run Number", type: "integer" },
  { key: "prompt", label: "Prompt" },
  { key: "status", label: "Status" },
  { key: "status_reason", label: "Status Reason" },
  // Why a run did not succeed, from a closed list (Errand's docs/adr/0042-failure-kinds.md); empty after success.
  { key: "failure__kind", label: "Failure Kind" },
  { key: "failure__message", label: "Failure Message" },
  { key: "result", label: "Result" },
  { key: "response_format", label: "Response Format" },
  { key: "execution_time", label: "Execution Time (s)", type: "number" },
  { key: "auth_context_id", label: "Auth Context ID" },
  { key: "initial_url", label: "Initial URL" },
  { key: "created_at", label: "Created At", type: "datetime" },
  { key: "started_at", label: "Started At", type: "datetime" },
  { key: "finished_at", label: "Finished At", type: "datetime" },
];

module.exports = { runSample, runOutputFields };
