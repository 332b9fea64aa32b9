import type { Automation } from "./automations.ts";
import type { RunAutomationRequest } from "./automation-runs.ts";

// The one rule for a run's settings (docs/adr/0027-services-areas-and-ownership.md), kept apart from
// the schemas: the web app's first-load script applies it, and a module of schemas would bring zod
// into it (docs/adr/0063-a-lighter-first-load-script.md).

/** An automation's task settings, as GET /automations/{slug} gives them. */
export type AutomationSettings = Pick<Automation, "prompt" | "initial_url" | "response_format" | "json_schema" | "session_timeout">;

/** The settings of a run of `automation`: each one `given` wins, else the automation's own. */
export function automationRunSettings(automation: AutomationSettings, given: RunAutomationRequest = {}) {
  return {
    ...given,
    prompt: given.prompt ?? automation.prompt,
    initial_url: given.initial_url ?? automation.initial_url ?? undefined,
    response_format: given.response_format ?? automation.response_format,
    json_schema: given.json_schema ?? automation.json_schema ?? undefined,
    session_timeout: given.session_timeout ?? automation.session_timeout,
  };
}
