import { workspaceInvitations } from "@errand/db";
import { and, eq, isNull } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { memberCaller } from "./member-caller.ts";
import { requireRole } from "./roles.ts";

/** Revokes a pending invitation: the row goes, so its link answers 404 at once. */
export async function revokeInvitation({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ workspaceId: string; invitationId: string }>): Promise<void> {
  const there = await memberCaller(ctx, caller, input.workspaceId);
  requireRole(there, "manage");
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.id, input.invitationId),
          eq(workspaceInvitations.workspaceId, input.workspaceId),
          isNull(workspaceInvitations.acceptedAt),
        ),
      )
      .returning({ id: workspaceInvitations.id, email: workspaceInvitations.email, role: workspaceInvitations.role });
    if (!deleted) throw notFound("Invitation");
    await recordAudit(tx, there, {
      action: "invitation.revoked",
      target: { type: "invitation", id: deleted.id, label: deleted.email },
      details: { role: deleted.role },
    });
  });
}
