import type { WorkspaceMember, WorkspaceMemberList } from "@errand/contract";
import { users, workspaceMembers } from "@errand/db";
import { asc, eq, sql } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { memberCaller } from "./member-caller.ts";
import { requireRole } from "./roles.ts";

/** Every member sees who else is in the workspace, owners first. */
export async function listMembers({ ctx, caller, input }: CallerVerbArgs<{ workspaceId: string }>): Promise<WorkspaceMemberList> {
  requireRole(await memberCaller(ctx, caller, input.workspaceId), "read");
  const rows = await ctx.db
    .select({ member: workspaceMembers, email: users.email, name: users.name })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, input.workspaceId))
    .orderBy(sql`${workspaceMembers.role} <> 'owner'`, asc(users.email));
  return { members: rows.map((r) => memberToApi(r.member, r)) };
}

export function memberToApi(member: typeof workspaceMembers.$inferSelect, user: { email: string; name: string }): WorkspaceMember {
  return { user_id: member.userId, email: user.email, name: user.name, role: member.role, created_at: member.createdAt.toISOString() };
}
