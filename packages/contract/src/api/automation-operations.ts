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
import { commonErrors, idempotencyHeaders, jsonBody, jsonContent, operation, slugParam } from "./describe.ts";

const tags = ["Automations"];
const adminOnly = { 403: jsonContent(apiErrorSchema, "Not an admin") };
const RUN_AUTOMATION =
  "Creates a task from the automation's prompt, start URL, response format, JSON schema and time limit, and queues its first run, like POST /runs. Each of these you send replaces the automation's; one left out, empty or null keeps it. `auth_context_id`, `webhook_url`, `files` and `proxy` are yours to give, as on POST /runs. MCP's run_automation, the n8n, Zapier and Make apps and the web app's Try This Automation follow this same rule.";

export const automationOperations = {
  listAutomations: operation("listAutomations", {
    tags,
    summary: "The marketplace of ready-made automations, by title (no key needed)",
    security: [],
    request: { query: automationListQuerySchema },
    responses: { 200: jsonContent(automationListSchema, "Matching automations"), ...commonErrors },
  }),
  getAutomationFacets: operation("getAutomationFacets", {
    tags,
    summary: "Category and application counts over the whole marketplace (no key needed)",
    security: [],
    responses: { 200: jsonContent(automationFacetsSchema, "Counts") },
  }),
  getAutomation: operation("getAutomation", {
    tags,
    summary: "One automation with its task settings; a -api, -make, -n8n or -zapier suffix is ignored (no key needed)",
    security: [],
    request: { params: slugParam },
    responses: { 200: jsonContent(automationSchema, "The automation"), ...commonErrors },
  }),
  listAutomationDemoRuns: operation("listAutomationDemoRuns", {
    tags,
    summary: "Your latest runs: one that succeeded can become an automation's demo (admins only)",
    request: { params: slugParam },
    responses: { 200: jsonContent(automationDemoRunsSchema, "Newest first"), ...adminOnly, ...commonErrors },
  }),
  recordAutomationDemo: operation("recordAutomationDemo", {
    tags,
    summary: "Record a demo: run the automation's own settings now with the model (admins only)",
    description:
      "Queues a run of the automation's prompt (or `prompt`, e.g. with its [placeholders] filled in), start URL, format, schema and timeout as a task of yours, paid like any run. When it has succeeded, PUT /automations/{slug}/demo makes it the demo.",
    request: { params: slugParam, body: jsonBody(recordAutomationDemoSchema, false) },
    responses: {
      201: jsonContent(createRunResponseSchema, "The run was queued"),
      402: jsonContent(apiErrorSchema, "No credits or free prompts left"),
      409: jsonContent(apiErrorSchema, "The automation needs a saved login"),
      ...adminOnly,
      ...commonErrors,
    },
  }),
  runAutomation: operation("runAutomation", {
    tags,
    summary: "Run an automation: its prompt and settings, with any you give instead",
    description: RUN_AUTOMATION,
    request: { params: slugParam, body: jsonBody(runAutomationSchema, false), headers: idempotencyHeaders },
    responses: {
      201: jsonContent(automationRunSchema, "The run was queued"),
      402: jsonContent(apiErrorSchema, "No credits or free prompts left"),
      429: jsonContent(
        apiErrorSchema,
        "Too many runs waiting or running for this account (PENDING_RUNS_PER_ACCOUNT), or too many requests",
      ),
      ...commonErrors,
    },
  }),
  setAutomationDemo: operation("setAutomationDemo", {
    tags,
    summary: "Make one of your runs that succeeded the automation's public demo, or remove it (admins only)",
    request: { params: slugParam, body: jsonBody(setAutomationDemoSchema) },
    responses: { 200: jsonContent(automationDemoSchema, "The automation's demo run"), ...adminOnly, ...commonErrors },
  }),
};
