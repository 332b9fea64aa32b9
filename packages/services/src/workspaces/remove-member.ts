import { users, workspaceMembers } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit.ts";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { memberCaller } from "./member-caller.ts";
import { keepAnOwner, requireOwnerFor, withTeamMember } from "./member-rules.ts";
import { requireRole } from "./roles.ts";

/**
 * Removes a member (owners and admins; only owners remove owners), or the caller leaves. Access
 * ends at once: every request checks the membership (callerInWorkspace). What they made stays.
 */
export async function removeMember({ ctx, caller, input }: CallerVerbArgs<{ workspaceId: string; userId: string }>): Promise<void> {
  const there = await memberCaller(ctx, caller, input.workspaceId);
  const leaving = input.userId === caller.userId;
  if (leaving) requireScope(there, "manage");
  else requireRole(there, "manage");
  await withTeamMember(ctx, input.workspaceId, input.userId, async (tx, member) => {
    if (!leaving) requireOwnerFor(there, [member.role], "remove an owner");
    await keepAnOwner(tx, input.workspaceId, member, "The workspace's last owner cannot leave: make another member an owner first");
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, input.userId)));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    await recordAudit(tx, there, {
      action: "member.removed",
      target: { type: "member", id: input.userId, label: user?.email ?? null },
      details: { role: member.role, left: leaving },
    });
  });
}
