import { runSettingsSchema, type RunSettingsInput } from "@errand/contract";
import { tasks } from "@errand/db";
import { eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict } from "../errors.ts";
import { planReplay } from "../recordings/plan-run-replay.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { assertPublicAddresses, urlTargets } from "../network/assert-public-addresses.ts";
import { assertProxyChoice } from "../proxies/assert-proxy-choice.ts";
import { assertOwnAuthContext } from "../auth-contexts/assert-own-auth-context.ts";
import { enqueueOrFail } from "./enqueue-or-fail.ts";
import { insertRunWithHold, lockAccountRuns } from "./insert-run.ts";
import { settingsToColumns } from "./settings-to-columns.ts";
import { ownTask, taskNotFound } from "../tasks/own-task.ts";
import { requireRole } from "../workspaces/roles.ts";

/** POST /tasks/{id}/runs: a new run of a saved task, with the settings sent for this run. */
export async function createRunForTask({ ctx, caller, input }: CallerVerbArgs<{ taskId: string; settings: RunSettingsInput }>) {
  requireRole(caller, "run");
  const task = await ownTask(ctx.db, caller, input.taskId, {
    id: tasks.id,
    checks: tasks.checks,
    recording: tasks.recording,
    allowedDomains: tasks.allowedDomains,
  });
  const settings = parseOrThrow(runSettingsSchema, input.settings);
  await assertPublicAddresses(ctx, urlTargets({ initial_url: settings.initial_url, webhook_url: settings.webhook_url }));
  if (settings.auth_context_id) await assertOwnAuthContext(ctx, caller, settings.auth_context_id);
  await assertProxyChoice(ctx, caller.workspaceId, settings.proxy);
  // A run's own checks win; without them it is checked as its task is (docs/adr/0043-verified-results.md).
  // Its own allowed domains win too, else its task's (docs/adr/0049-messages-and-allowed-domains.md).
  const own = settingsToColumns(settings);
  const columns = {
    ...own,
    checks: settings.checks ?? task.checks,
    recording: settings.recording ?? task.recording,
    allowedDomains: own.allowedDomains ?? task.allowedDomains,
  };
  if (settings.mode === "replay") {
    // Said now, not after the run was queued: a replay asked for when there is nothing to replay.
    const plan = await planReplay(ctx, { taskId: task.id, mode: "replay", ...columns });
    if (plan.refuse) throw conflict(plan.refuse);
  }
  const inserted = await ctx.db.transaction(async (tx) => {
    // Under the account's lock, which deleting a task takes too: the task may have gone meanwhile.
    await lockAccountRuns(tx, caller.userId);
    const [still] = await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, task.id)).for("key share");
    if (!still) throw taskNotFound();
    return insertRunWithHold(tx, ctx, {
      userId: caller.userId,
      workspaceId: caller.workspaceId,
      taskId: task.id,
      apiKeyId: caller.apiKeyId,
      columns,
      mode: settings.mode,
      files: settings.files,
    });
  });
  return enqueueOrFail(ctx, inserted);
}
