import { randomBytes } from "node:crypto";
import { SHARE_TOKEN_BYTES, type RunShare } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { sql } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { callersRun, runNotFound } from "./own-run.ts";
import { requireRole } from "../workspaces/roles.ts";

/** A fresh share token: 192 random bits, base64url (32 characters). */
export const newShareToken = () => randomBytes(SHARE_TOKEN_BYTES).toString("base64url");

const shareUrl = (ctx: ServiceContext, token: string | null) => (token ? `${ctx.config.baseUrl}/shared/${token}` : null);

/**
 * Turns on the share link of one of the user's runs. A run already shared keeps its link (sharing
 * twice gives the same URL); after a revoke, sharing again makes a new one, so the old link stays dead.
 */
export async function shareRun({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>): Promise<{ url: string }> {
  requireRole(caller, "run");
  const [row] = await ctx.db
    .update(tasksRuns)
    .set({ shareToken: sql`coalesce(${tasksRuns.shareToken}, ${newShareToken()})` })
    .where(callersRun(caller, input.runId))
    .returning({ token: tasksRuns.shareToken });
  if (!row) throw runNotFound();
  ctx.log.info("run shared", { runId: input.runId });
  return { url: shareUrl(ctx, row.token)! };
}

/** Turns the share link off: whoever has it gets "not found" from now on. Unsharing twice is fine. */
export async function unshareRun({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>): Promise<void> {
  requireRole(caller, "run");
  const [row] = await ctx.db
    .update(tasksRuns)
    .set({ shareToken: null })
    .where(callersRun(caller, input.runId))
    .returning({ id: tasksRuns.id });
  if (!row) throw runNotFound();
  ctx.log.info("run unshared", { runId: input.runId });
}

/** The run's share link, or null when it is not shared. Owner only. */
export async function getRunShare({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>): Promise<RunShare> {
  requireScope(caller, "read");
  const [row] = await ctx.db.select({ token: tasksRuns.shareToken }).from(tasksRuns).where(callersRun(caller, input.runId));
  if (!row) throw runNotFound();
  return { url: shareUrl(ctx, row.token) };
}
