import { workspaceMembers } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { Caller, CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";

/**
 * The same person acting in another workspace they are a member of, with their role there,
 * checked on every call so a removed member loses access at once. Another workspace is "not
 * found", like another account's row. The web app's sessions in a team workspace are built with
 * it (docs/adr/0036-workspace-invitations.md).
 */
export async function callerInWorkspace({ ctx, caller, input }: CallerVerbArgs<{ workspaceId: string }>): Promise<Caller> {
  const [member] = await ctx.db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, caller.userId)));
  if (!member) throw notFound("Workspace");
  return { ...caller, workspaceId: input.workspaceId, role: member.role };
}
