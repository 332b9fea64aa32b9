import type { WorkspaceInvitationList } from "@errand/contract";
import { users, workspaceInvitations } from "@errand/db";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { invitationToApi } from "./invitation-to-api.ts";
import { memberCaller } from "./member-caller.ts";
import { requireRole } from "./roles.ts";

/** The workspace's pending invitations (not used, not expired), for its owners and admins. */
export async function listInvitations({ ctx, caller, input }: CallerVerbArgs<{ workspaceId: string }>): Promise<WorkspaceInvitationList> {
  requireRole(await memberCaller(ctx, caller, input.workspaceId), "manage");
  const rows = await ctx.db
    .select({ invitation: workspaceInvitations, inviter: users.email })
    .from(workspaceInvitations)
    .innerJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(
      and(
        eq(workspaceInvitations.workspaceId, input.workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        gt(workspaceInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(workspaceInvitations.createdAt));
  return { invitations: rows.map((r) => invitationToApi(r.invitation, r.inviter)) };
}
