import { workspaceInvitations } from "@errand/db";
import { and, eq, isNull } from "drizzle-orm";
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
  requireRole(await memberCaller(ctx, caller, input.workspaceId), "manage");
  const deleted = await ctx.db
    .delete(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.id, input.invitationId),
        eq(workspaceInvitations.workspaceId, input.workspaceId),
        isNull(workspaceInvitations.acceptedAt),
      ),
    )
    .returning({ id: workspaceInvitations.id });
  if (deleted.length === 0) throw notFound("Invitation");
}
