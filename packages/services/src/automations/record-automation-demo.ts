import { DEMO_NEEDS_LOGIN_MESSAGE, parseAutomationSlug } from "@errand/contract";
import { automations } from "@errand/db";
import { eq } from "drizzle-orm";
import { requireAdmin, requireScope, type CallerVerbArgs } from "../caller.ts";
import { conflict, notFound } from "../errors.ts";
import { createTaskWithRun } from "../runs/create-task-with-run.ts";

/**
 * Records a demo: runs the automation's own settings (prompt, start URL, format, schema,
 * timeout) now, with the deployment's model, as a new task of the caller's, paid like any run.
 * `prompt` replaces the automation's (its [placeholders] filled in). Once the run has succeeded,
 * setAutomationDemo makes it the demo. An automation that needs a saved login cannot be
 * recorded this way (the agent would meet a login page).
 */
export async function recordAutomationDemo({ ctx, caller, input }: CallerVerbArgs<{ slug: string; prompt?: string }>) {
  requireScope(caller, "write");
  requireAdmin(caller, "record an automation's demo");
  const { slug } = parseAutomationSlug(input.slug.toLowerCase());
  const [automation] = await ctx.db.select().from(automations).where(eq(automations.slug, slug));
  if (!automation) throw notFound("Automation");
  if (automation.needAuth) throw conflict(DEMO_NEEDS_LOGIN_MESSAGE);
  return createTaskWithRun({
    ctx,
    caller,
    input: {
      settings: {
        prompt: input.prompt ?? automation.prompt,
        initial_url: automation.initialUrl ?? undefined,
        response_format: automation.responseFormat,
        json_schema: automation.jsonSchema ?? undefined,
        session_timeout: automation.sessionTimeout,
      },
    },
  });
}
