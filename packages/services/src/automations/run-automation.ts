import {
  AUTOMATION_NEEDS_LOGIN_NOTE,
  automationRunSettings,
  runAutomationSchema,
  type AutomationSettings,
  type RunAutomationRequest,
} from "@errand/contract";
import type { automations } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { createTaskWithRun } from "../runs/create-task-with-run.ts";
import { findAutomation } from "./find-automation.ts";
import { requireRole } from "../workspaces/roles.ts";

/** An automation's task settings as the contract's rule (automationRunSettings) takes them. */
const automationSettings = (row: typeof automations.$inferSelect): AutomationSettings => ({
  prompt: row.prompt,
  initial_url: row.initialUrl,
  response_format: row.responseFormat,
  json_schema: row.jsonSchema ?? null,
  session_timeout: row.sessionTimeout,
});

/**
 * POST /automations/{slug}/runs: a new task of the caller's from the automation's prompt and
 * settings, each replaced by the one given, and its first run queued (like POST /runs, paid like
 * any run). MCP, n8n, Zapier and Make run automations through this; `note` says when the run may
 * not go as the automation expects.
 */
export async function runAutomation({ ctx, caller, input }: CallerVerbArgs<{ slug: string; settings?: unknown }>) {
  requireRole(caller, "run");
  const given: RunAutomationRequest = parseOrThrow(runAutomationSchema, input.settings ?? {});
  const automation = await findAutomation(ctx, input.slug);
  const { task, run } = await createTaskWithRun({
    ctx,
    caller,
    input: { settings: automationRunSettings(automationSettings(automation), given) },
  });
  const note = automation.needAuth && !given.auth_context_id ? AUTOMATION_NEEDS_LOGIN_NOTE : null;
  return { task, run, note };
}
