import { runSettingsSchema, type RunSettingsInput } from "@errand/contract";
import { tasks } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { assertPublicAddresses, urlTargets } from "../network/assert-public-addresses.ts";
import { assertProxyChoice } from "../proxies/assert-proxy-choice.ts";
import { assertOwnAuthContext } from "../auth-contexts/assert-own-auth-context.ts";
import { assertOwnCredentials } from "../credentials/assert-own-credentials.ts";
import { enqueueOrFail } from "./enqueue-or-fail.ts";
import { insertRunWithHold } from "./insert-run.ts";
import { settingsToColumns } from "./settings-to-columns.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * POST /runs: saves a new task from the prompt and settings, and queues its first run. The
 * task, the run and what the run holds from the balance are written together, or none of them.
 */
export async function createTaskWithRun({ ctx, caller, input }: CallerVerbArgs<{ settings: RunSettingsInput }>) {
  requireRole(caller, "run");
  const settings = parseOrThrow(runSettingsSchema, input.settings);
  await assertPublicAddresses(ctx, urlTargets({ initial_url: settings.initial_url, webhook_url: settings.webhook_url }));
  if (settings.auth_context_id) await assertOwnAuthContext(ctx, caller, settings.auth_context_id);
  await assertProxyChoice(ctx, caller.workspaceId, settings.proxy);
  if (settings.credential_names?.length) await assertOwnCredentials(ctx, caller.workspaceId, settings.credential_names);
  const columns = settingsToColumns(settings);
  const { task, inserted } = await ctx.db.transaction(async (tx) => {
    const [task] = await tx
      .insert(tasks)
      .values({
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        ...columns,
        tags: settings.tags ?? [],
        credentialNames: settings.credential_names ?? [],
        retry: settings.retry ?? null,
      })
      .returning();
    return {
      task: task!,
      inserted: await insertRunWithHold(tx, ctx, {
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        taskId: task!.id,
        apiKeyId: caller.apiKeyId,
        columns,
        mode: settings.mode,
        files: settings.files,
      }),
    };
  });
  return { task, run: await enqueueOrFail(ctx, inserted) };
}
