import { DEMO_NEEDS_LOGIN_MESSAGE } from "@errand/contract";
import { requireAdmin, type CallerVerbArgs } from "../caller.ts";
import { conflict } from "../errors.ts";
import { findAutomation } from "./find-automation.ts";
import { runAutomation } from "./run-automation.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Records a demo: runs the automation's own settings (prompt, start URL, format, schema,
 * timeout) now, with the deployment's model, as a new task of the caller's, paid like any run.
 * `prompt` replaces the automation's (its [placeholders] filled in). Once the run has succeeded,
 * setAutomationDemo makes it the demo. An automation that needs a saved login cannot be
 * recorded this way (the agent would meet a login page).
 */
export async function recordAutomationDemo({ ctx, caller, input }: CallerVerbArgs<{ slug: string; prompt?: string }>) {
  requireRole(caller, "run");
  requireAdmin(caller, "record an automation's demo");
  const automation = await findAutomation(ctx, input.slug);
  if (automation.needAuth) throw conflict(DEMO_NEEDS_LOGIN_MESSAGE);
  const { task, run } = await runAutomation({ ctx, caller, input: { slug: automation.slug, settings: { prompt: input.prompt } } });
  return { task, run };
}
