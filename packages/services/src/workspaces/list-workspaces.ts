import type { WorkspaceList } from "@errand/contract";
import { workspaceMembers, workspaces } from "@errand/db";
import { and, asc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { workspaceToApi } from "./to-api.ts";

/** The caller's workspaces with their role in each: personal first, then teams by name. A key sees its own only. */
export async function listWorkspaces({ ctx, caller }: CallerVerbArgs<object>): Promise<WorkspaceList> {
  requireScope(caller, "read");
  const rows = await ctx.db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, caller.userId), caller.via === "api-key" ? eq(workspaces.id, caller.workspaceId) : undefined))
    .orderBy(asc(workspaces.kind), asc(workspaces.name), asc(workspaces.createdAt));
  return { workspaces: rows.map((r) => workspaceToApi(r.workspace, r.role)) };
}
