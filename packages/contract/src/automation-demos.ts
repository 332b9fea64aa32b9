import { z } from "zod";
import { RUN_STATUSES } from "./runs.ts";

/**
 * Resource: an automation's demo, the public replay of one of its runs (admins only; operators
 * use `errand automation-demo`). A demo is recorded by running the automation's own settings
 * with the deployment's model; a run that succeeded becomes the demo, and public.
 */

/** One of the admin's latest runs: what can become the demo once it has succeeded. */
export const automationDemoRunSchema = z.object({
  id: z.uuid(),
  task_id: z.uuid(),
  prompt: z.string(),
  status: z.enum(RUN_STATUSES),
  status_reason: z.string().nullable(),
  created_at: z.string(),
  /** This run is the automation's demo now. */
  is_demo: z.boolean(),
});
export type AutomationDemoRun = z.infer<typeof automationDemoRunSchema>;

/** GET /automations/{slug}/demo-runs: the admin's latest runs, newest first. */
export const automationDemoRunsSchema = z.object({ runs: z.array(automationDemoRunSchema) });
export type AutomationDemoRuns = z.infer<typeof automationDemoRunsSchema>;
/** How many of them are listed. */
export const AUTOMATION_DEMO_RUNS_LISTED = 5;

/**
 * POST /automations/{slug}/demo-runs: records a demo with the automation's settings. `prompt`
 * replaces its prompt, e.g. with the catalogue's [placeholders] filled in.
 */
export const recordAutomationDemoSchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, { error: "prompt must not be empty" })
    .max(20_000, { error: "prompt must be at most 20000 characters" })
    .optional(),
});
export type RecordAutomationDemo = z.infer<typeof recordAutomationDemoSchema>;

/** PUT /automations/{slug}/demo: a run that succeeded becomes the demo (and public); null removes the demo. */
export const setAutomationDemoSchema = z.object({
  run_id: z.uuid({ error: "run_id must be a UUID, or null to remove the demo" }).nullable(),
});
export type SetAutomationDemo = z.infer<typeof setAutomationDemoSchema>;

export const automationDemoSchema = z.object({ slug: z.string(), run_id: z.uuid().nullable() });
export type AutomationDemo = z.infer<typeof automationDemoSchema>;

/** Why a run cannot become a demo: it has to have succeeded. */
export const DEMO_RUN_NOT_SUCCEEDED_MESSAGE = "Only a run that succeeded can be an automation's demo";
/** Why the agent cannot record a demo of an automation that needs a saved login. */
export const DEMO_NEEDS_LOGIN_MESSAGE =
  "This automation needs a saved login: run it yourself with an auth context (Try This Automation), then use that run as its demo";
