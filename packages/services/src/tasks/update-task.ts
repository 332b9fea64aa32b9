import { dollarsToUnits, taskUpdateSchema, type TaskUpdate } from "@errand/contract";
import { tasks } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { assertPublicAddresses, urlTargets } from "../network/assert-public-addresses.ts";
import { assertOwnAuthContext } from "../auth-contexts/assert-own-auth-context.ts";
import { assertOwnCredentials } from "../credentials/assert-own-credentials.ts";
import { assertProxyChoice } from "../proxies/assert-proxy-choice.ts";
import { callersTask, taskNotFound } from "./own-task.ts";
import { taskToApi } from "./to-api.ts";
import { requireRole } from "../workspaces/roles.ts";
import { changedApproval } from "../approvals/approval-columns.ts";

/**
 * Saves the task form (spec: update by id and user_id). Only the fields sent change: a caller
 * changing the prompt never resets the other saved settings. Runs keep the settings they ran with.
 */
export async function updateTask({ ctx, caller, input }: CallerVerbArgs<{ taskId: string; changes: unknown }>) {
  requireRole(caller, "run");
  const changes = parseOrThrow(taskUpdateSchema, input.changes);
  await assertPublicAddresses(ctx, urlTargets({ initial_url: changes.initial_url, webhook_url: changes.webhook_url }));
  if (changes.auth_context_id) await assertOwnAuthContext(ctx, caller, changes.auth_context_id);
  if (changes.credential_names?.length) await assertOwnCredentials(ctx, caller.workspaceId, changes.credential_names);
  await assertProxyChoice(ctx, caller.workspaceId, changes.proxy);
  const columns = {
    prompt: changes.prompt,
    authContextId: changes.auth_context_id,
    jsonSchema: changes.json_schema,
    webhookUrl: changes.webhook_url,
    responseFormat: changes.response_format,
    sessionTimeout: changes.session_timeout,
    initialUrl: changes.initial_url,
    alwaysUseAgent: changes.always_use_agent,
    credentialNames: changes.credential_names,
    proxy: changes.proxy,
    tags: changes.tags,
    maxCost: changes.max_cost_usd == null ? changes.max_cost_usd : dollarsToUnits(changes.max_cost_usd),
    maxSteps: changes.max_steps,
    onLimit: changes.on_limit,
    checks: changes.checks,
    retry: changes.retry,
    approval: await approvalChange(ctx, caller, input.taskId, changes),
    recording: changes.recording,
    allowedDomains: changes.allowed_domains,
  };
  // undefined: not sent, keep; null: cleared.
  const sent = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  const [task] = await ctx.db
    .update(tasks)
    .set({ ...sent, updatedAt: new Date() })
    .where(callersTask(caller, input.taskId))
    .returning();
  if (!task) throw taskNotFound();
  return taskToApi(task);
}

/** The approval column after the sent fields (docs/adr/0048-approval-before-irreversible-actions.md); undefined when none was sent. */
async function approvalChange(
  ctx: CallerVerbArgs<unknown>["ctx"],
  caller: CallerVerbArgs<unknown>["caller"],
  taskId: string,
  changes: TaskUpdate,
) {
  if (changes.approval === undefined && changes.approval_words === undefined && changes.approval_timeout_seconds === undefined)
    return undefined;
  const [saved] = await ctx.db.select({ approval: tasks.approval }).from(tasks).where(callersTask(caller, taskId));
  if (!saved) throw taskNotFound();
  return changedApproval(saved.approval, changes);
}
