import { forgetCachedCallers } from "../accounts/caller-cache.ts";
import { workspaces } from "@errand/db";
import { eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { memberCaller, teamWorkspace } from "./member-caller.ts";
import { requireRole } from "./roles.ts";

/**
 * Deletes a team workspace and, by cascade, everything in it (owners only). A personal workspace
 * goes only with its account.
 */
export async function deleteWorkspace({ ctx, caller, input }: CallerVerbArgs<{ workspaceId: string }>): Promise<void> {
  const there = await memberCaller(ctx, caller, input.workspaceId);
  requireRole(there, "delete");
  await teamWorkspace(ctx, input.workspaceId, "A personal workspace cannot be deleted: it goes with your account");
  await ctx.db.delete(workspaces).where(eq(workspaces.id, input.workspaceId));
  forgetCachedCallers(ctx);
}
