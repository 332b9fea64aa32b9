import type { WorkspaceMember, WorkspaceRole } from "@errand/contract";
import { users, workspaceMembers } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { memberToApi } from "./list-members.ts";
import { memberCaller } from "./member-caller.ts";
import { keepAnOwner, requireOwnerFor, withTeamMember } from "./member-rules.ts";
import { requireRole } from "./roles.ts";

/** Gives a member another role (owners and admins; only owners make or change owners; never the last owner). */
export async function changeMemberRole({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ workspaceId: string; userId: string; role: WorkspaceRole }>): Promise<WorkspaceMember> {
  const there = await memberCaller(ctx, caller, input.workspaceId);
  requireRole(there, "manage");
  return withTeamMember(ctx, input.workspaceId, input.userId, async (tx, member) => {
    requireOwnerFor(there, [member.role, input.role], "make or change an owner");
    if (input.role !== "owner") {
      await keepAnOwner(tx, input.workspaceId, member, "The workspace's last owner cannot be demoted: make another member an owner first");
    }
    const [updated] = await tx
      .update(workspaceMembers)
      .set({ role: input.role })
      .where(and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, input.userId)))
      .returning();
    const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, input.userId));
    if (member.role !== input.role) {
      await recordAudit(tx, there, {
        action: "member.role_changed",
        target: { type: "member", id: input.userId, label: user!.email },
        details: { from: member.role, to: input.role },
      });
    }
    return memberToApi(updated!, user!);
  });
}
