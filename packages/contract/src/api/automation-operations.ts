import { apiErrorSchema } from "../errors.ts";
import { createRunResponseSchema } from "../runs.ts";
import { automationFacetsSchema, automationListQuerySchema, automationListSchema, automationSchema } from "../automations.ts";
import {
  automationDemoRunsSchema,
  automationDemoSchema,
  recordAutomationDemoSchema,
  setAutomationDemoSchema,
} from "../automation-demos.ts";
import { automationRunSchema, runAutomationSchema } from "../automation-runs.ts";
import { area, created, idempotencyHeaders, jsonBody, jsonContent, ok, slugParam } from "./describe.ts";

const op = area(["Automations"]);
const adminOnly = { 403: jsonContent(apiErrorSchema, "Not an admin") };
const RUN_AUTOMATION =
  "Creates a task from the automation's prompt, start URL, response format, JSON schema and time limit, and queues its first run, like POST /runs. Each of these you send replaces the automation's; one left out, empty or null keeps it. `auth_context_id`, `webhook_url`, `files` and `proxy` are yours to give, as on POST /runs. MCP's run_automation, the n8n, Zapier and Make apps and the web app's Try This Automation follow this same rule.";

export const automationOperations = {
  listAutomations: op("listAutomations", {
    summary: "The marketplace of ready-made automations, by title (no key needed)",
    security: [],
    request: { query: automationListQuerySchema },
    responses: ok(automationListSchema, "Matching automations"),
  }),
  getAutomationFacets: op("getAutomationFacets", {
    summary: "Category and application counts over the whole marketplace (no key needed)",
    security: [],
    responses: { 200: jsonContent(automationFacetsSchema, "Counts") },
  }),
  getAutomation: op("getAutomation", {
    summary: "One automation with its task settings; a -api, -make, -n8n or -zapier suffix is ignored (no key needed)",
    security: [],
    request: { params: slugParam },
    responses: ok(automationSchema, "The automation"),
  }),
  listAutomationDemoRuns: op("listAutomationDemoRuns", {
    summary: "Your latest runs: one that succeeded can become an automation's demo (admins only)",
    request: { params: slugParam },
    responses: ok(automationDemoRunsSchema, "Newest first", adminOnly),
  }),
  recordAutomationDemo: op("recordAutomationDemo", {
    summary: "Record a demo: run the automation's own settings now with the model (admins only)",
    description:
      "Queues a run of the automation's prompt (or `prompt`, e.g. with its [placeholders] filled in), start URL, format, schema and timeout as a task of yours, paid like any run. When it has succeeded, PUT /automations/{slug}/demo makes it the demo.",
    request: { params: slugParam, body: jsonBody(recordAutomationDemoSchema, false) },
    responses: created(createRunResponseSchema, "The run was queued", {
      402: jsonContent(apiErrorSchema, "No credits or free prompts left"),
      409: jsonContent(apiErrorSchema, "The automation needs a saved login"),
      ...adminOnly,
    }),
  }),
  runAutomation: op("runAutomation", {
    summary: "Run an automation: its prompt and settings, with any you give instead",
    description: RUN_AUTOMATION,
    request: { params: slugParam, body: jsonBody(runAutomationSchema, false), headers: idempotencyHeaders },
    responses: created(automationRunSchema, "The run was queued", {
      402: jsonContent(apiErrorSchema, "No credits or free prompts left"),
      429: jsonContent(
        apiErrorSchema,
        "Too many runs waiting or running for this account (PENDING_RUNS_PER_ACCOUNT), or too many requests",
      ),
    }),
  }),
  setAutomationDemo: op("setAutomationDemo", {
    summary: "Make one of your runs that succeeded the automation's public demo, or remove it (admins only)",
    request: { params: slugParam, body: jsonBody(setAutomationDemoSchema) },
    responses: ok(automationDemoSchema, "The automation's demo run", adminOnly),
  }),
};
