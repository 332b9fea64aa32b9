import type { InvitationState, InvitationStatus } from "@errand/contract";
import { users, workspaceInvitations, workspaces } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { notFound } from "../errors.ts";
import { invitationTokenHash } from "./invitation-to-api.ts";

/** What a link offers, for whoever holds it (no caller): a revoked or unknown link is "not found". */
export async function getInvitation({ ctx, input }: VerbArgs<{ token: string }>): Promise<InvitationStatus> {
  const [row] = await ctx.db
    .select({ invitation: workspaceInvitations, workspaceName: workspaces.name, inviterName: users.name, inviterEmail: users.email })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .innerJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.tokenHash, invitationTokenHash(input.token)));
  if (!row) throw notFound("Invitation");
  return {
    workspace_name: row.workspaceName,
    invited_by: row.inviterName || row.inviterEmail,
    email: row.invitation.email,
    role: row.invitation.role,
    state: invitationState(row.invitation),
    expires_at: row.invitation.expiresAt.toISOString(),
  };
}

export function invitationState(row: { acceptedAt: Date | null; expiresAt: Date }, now = new Date()): InvitationState {
  if (row.acceptedAt) return "used";
  return row.expiresAt <= now ? "expired" : "pending";
}
