import type { WorkspaceRole } from "@errand/contract";
import { workspaceMembers, workspaces } from "@errand/db";
import { eq } from "drizzle-orm";
import { forgetCachedCallers } from "../accounts/caller-cache.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict, forbidden, notFound } from "../errors.ts";
import { requireRole } from "./roles.ts";

/**
 * Makes an existing account a member of the caller's team workspace, or changes its role. Only
 * owners and admins may; only an owner makes another owner. A personal workspace has one member.
 * People join by invitation (accept-invitation.ts); this is for operators and tests.
 */
export async function addMember({ ctx, caller, input }: CallerVerbArgs<{ userId: string; role: WorkspaceRole }>): Promise<void> {
  requireRole(caller, "manage");
  if (input.role === "owner" && caller.role !== "owner") throw forbidden("Only an owner can make another owner");
  const [workspace] = await ctx.db.select({ kind: workspaces.kind }).from(workspaces).where(eq(workspaces.id, caller.workspaceId));
  if (!workspace) throw notFound("Workspace");
  if (workspace.kind === "personal") throw conflict("A personal workspace has no other members: create a team workspace");
  await ctx.db
    .insert(workspaceMembers)
    .values({ workspaceId: caller.workspaceId, userId: input.userId, role: input.role })
    .onConflictDoUpdate({ target: [workspaceMembers.workspaceId, workspaceMembers.userId], set: { role: input.role } });
  forgetCachedCallers(ctx);
}
