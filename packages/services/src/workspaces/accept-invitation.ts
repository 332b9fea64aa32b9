import type { Workspace } from "@errand/contract";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit.ts";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { conflict, forbidden, notFound } from "../errors.ts";
import { invitationState } from "./get-invitation.ts";
import { invitationTokenHash } from "./invitation-to-api.ts";
import { workspaceToApi } from "./to-api.ts";

/**
 * Joins the invitation's workspace with its role. Only the invited address may, and each link
 * once: the row is locked, so two tabs accepting at once make one membership. Someone already a
 * member keeps their role and the link is spent.
 */
export async function acceptInvitation({ ctx, caller, input }: CallerVerbArgs<{ token: string }>): Promise<Workspace> {
  requireScope(caller, "manage");
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
  return ctx.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.tokenHash, invitationTokenHash(input.token)))
      .for("update");
    if (!invitation) throw notFound("Invitation");
    const state = invitationState(invitation);
    if (state === "used") throw conflict("This invitation has already been used");
    if (state === "expired") throw conflict("This invitation has expired: ask for a new one");
    if (user?.email.toLowerCase() !== invitation.email) {
      throw forbidden(`This invitation is for ${invitation.email}: sign in with that address to accept it`);
    }
    const joined = await tx
      .insert(workspaceMembers)
      .values({ workspaceId: invitation.workspaceId, userId: caller.userId, role: invitation.role })
      .onConflictDoNothing()
      .returning({ role: workspaceMembers.role });
    if (joined.length > 0) {
      await recordAudit(tx, caller, {
        workspaceId: invitation.workspaceId,
        action: "member.joined",
        target: { type: "member", id: caller.userId, label: invitation.email },
        details: { role: invitation.role, invitation_id: invitation.id },
      });
    }
    await tx.update(workspaceInvitations).set({ acceptedAt: sql`now()` }).where(eq(workspaceInvitations.id, invitation.id));
    const [row] = await tx
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaces)
      .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
      .where(sql`${workspaces.id} = ${invitation.workspaceId} and ${workspaceMembers.userId} = ${caller.userId}`);
    return workspaceToApi(row!.workspace, row!.role);
  });
}
