import { z } from "zod";
import { RESPONSE_FORMATS } from "./constants.ts";
import { onLimitSchema } from "./run-limits.ts";
import { createRunResponseSchema, runSettingsSchema, sessionTimeoutSchema } from "./runs.ts";

/**
 * Resource: a run of an automation (POST /automations/{slug}/runs). One rule for every way in
 * (the API, MCP's run_automation, the n8n, Zapier and Make apps, the web app's "Try This
 * Automation", recorded demos): a setting given wins; one left out, empty or null is the
 * automation's own (docs/adr/0027-services-areas-and-ownership.md).
 */

/** Left out, null or blank text: the automation's own value is used. */
const orAutomations = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v), schema.optional());

const settings = runSettingsSchema.shape;

export const runAutomationSchema = z.object({
  prompt: orAutomations(settings.prompt).meta({ description: "Replaces the automation's prompt, e.g. with its [placeholders] filled in." }),
  initial_url: orAutomations(settings.initial_url),
  response_format: orAutomations(z.enum(RESPONSE_FORMATS, { error: "response_format must be text or json" })),
  json_schema: orAutomations(settings.json_schema),
  session_timeout: orAutomations(sessionTimeoutSchema),
  auth_context_id: settings.auth_context_id,
  webhook_url: settings.webhook_url,
  files: settings.files,
  proxy: settings.proxy,
  // The run's limits (docs/adr/0037-spending-limits.md): an automation has none of its own.
  max_cost_usd: settings.max_cost_usd,
  max_steps: settings.max_steps,
  on_limit: orAutomations(onLimitSchema),
});
export type RunAutomationRequest = z.output<typeof runAutomationSchema>;

/** Why a run of an automation may not go as its page says. */
export const AUTOMATION_NEEDS_LOGIN_NOTE =
  "This automation needs a saved login and none was given (auth_context_id): the site may refuse the agent.";

export const automationRunSchema = createRunResponseSchema.extend({
  note: z
    .string()
    .nullable()
    .meta({ description: "Said when the run may not go as the automation expects, e.g. it needs a saved login and none was given." }),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;
