import { forgetCachedCallers } from "../accounts/caller-cache.ts";
import type { WorkspaceRole } from "@errand/contract";
import { workspaceMembers, workspaces } from "@errand/db";
import { and, count, eq } from "drizzle-orm";
import type { Caller } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { conflict, forbidden, notFound } from "../errors.ts";

type Tx = Parameters<Parameters<ServiceContext["db"]["transaction"]>[0]>[0];

/**
 * Changes to who is in a team workspace, made one at a time per workspace: the workspace row is
 * locked so two owners demoting each other at once cannot leave it with none.
 */
export async function withTeamMember<T>(
  ctx: ServiceContext,
  workspaceId: string,
  userId: string,
  change: (tx: Tx, member: typeof workspaceMembers.$inferSelect) => Promise<T>,
): Promise<T> {
  const changed = await ctx.db.transaction(async (tx) => {
    const [workspace] = await tx.select({ kind: workspaces.kind }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
    if (!workspace) throw notFound("Workspace");
    if (workspace.kind === "personal") throw conflict("A personal workspace has one member: create a team workspace to share work");
    const [member] = await tx
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    if (!member) throw notFound("Member");
    return change(tx, member);
  });
  // The member's keys act with the new role, or not at all, from the next request.
  forgetCachedCallers(ctx);
  return changed;
}

/** Only an owner makes, demotes or removes an owner. */
export function requireOwnerFor(caller: Caller, roles: WorkspaceRole[], what: string): void {
  if (roles.includes("owner") && caller.role !== "owner") throw forbidden(`Only an owner can ${what}`);
}

/** Refuses to leave the workspace with no owner. */
export async function keepAnOwner(tx: Tx, workspaceId: string, leaving: typeof workspaceMembers.$inferSelect, message: string) {
  if (leaving.role !== "owner") return;
  const [owners] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
  if (owners!.n <= 1) throw conflict(message);
}
