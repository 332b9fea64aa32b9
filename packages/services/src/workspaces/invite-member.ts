import { randomBytes } from "node:crypto";
import { INVITATION_TTL_DAYS, MAX_PENDING_INVITATIONS, type InvitationInput, type WorkspaceInvitation } from "@errand/contract";
import { auditEvents, users, workspaceInvitations, workspaceMembers } from "@errand/db";
import { and, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit.ts";
import type { CallerVerbArgs } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { conflict } from "../errors.ts";
import { invitationEmail } from "./invitation-email.ts";
import { invitationToApi, invitationTokenHash } from "./invitation-to-api.ts";
import { memberCaller, teamWorkspace } from "./member-caller.ts";
import { requireRole } from "./roles.ts";

/**
 * Invites an address to a team workspace (owners and admins) and mails it the link. The token is
 * 32 random bytes, kept only as a hash; inviting the same address again replaces its pending
 * invitation (docs/adr/0036-workspace-invitations.md).
 */
export async function inviteMember({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ workspaceId: string } & InvitationInput>): Promise<WorkspaceInvitation> {
  const there = await memberCaller(ctx, caller, input.workspaceId);
  requireRole(there, "manage");
  const workspace = await teamWorkspace(
    ctx,
    input.workspaceId,
    "A personal workspace has one member: create a team workspace to invite people",
  );
  const email = input.email.trim().toLowerCase();
  await refuseMember(ctx, input.workspaceId, email);
  await refuseTooMany(ctx, input.workspaceId, email);
  const [inviter] = await ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, caller.userId));
  const token = randomBytes(32).toString("base64url");
  const row = await ctx.db.transaction(async (tx) => {
    await tx
      .delete(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, input.workspaceId),
          eq(workspaceInvitations.email, email),
          isNull(workspaceInvitations.acceptedAt),
        ),
      );
    const [created] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId: input.workspaceId,
        email,
        role: input.role,
        tokenHash: invitationTokenHash(token),
        invitedBy: caller.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000),
      })
      .returning();
    await recordAudit(tx, there, {
      action: "member.invited",
      target: { type: "invitation", id: created!.id, label: email },
      details: { role: input.role },
    });
    return created!;
  });
  const url = new URL(`/invitations/${token}`, ctx.config.baseUrl).toString();
  const message = invitationEmail({
    to: email,
    url,
    workspaceName: workspace.name,
    inviter: inviter!.name || inviter!.email,
    role: input.role,
    expiresInDays: INVITATION_TTL_DAYS,
  });
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    // An invitation nobody received must not stay pending as if it had been sent.
    await ctx.db.transaction(async (tx) => {
      await tx.delete(workspaceInvitations).where(eq(workspaceInvitations.id, row.id));
      await tx.delete(auditEvents).where(and(eq(auditEvents.action, "member.invited"), eq(auditEvents.targetId, row.id)));
    });
    throw error;
  }
  return invitationToApi(row, inviter!.email);
}

async function refuseMember(ctx: ServiceContext, workspaceId: string, email: string) {
  const [member] = await ctx.db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)));
  if (member) throw conflict(`${email} is already a member of this workspace`);
}

async function refuseTooMany(ctx: ServiceContext, workspaceId: string, email: string) {
  const [pending] = await ctx.db
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        gt(workspaceInvitations.expiresAt, sql`now()`),
        // Inviting an address again replaces its invitation: it does not count twice.
        ne(workspaceInvitations.email, email),
      ),
    );
  if (pending!.n >= MAX_PENDING_INVITATIONS) {
    throw conflict(`A workspace can have at most ${MAX_PENDING_INVITATIONS} pending invitations: revoke some first`);
  }
}
