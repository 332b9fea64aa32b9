import type { Workspace } from "@errand/contract";
import { workspaces } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { memberCaller } from "./member-caller.ts";
import { requireRole } from "./roles.ts";
import { workspaceToApi } from "./to-api.ts";

/** Renames a workspace (owners and admins; the personal one too). */
export async function renameWorkspace({ ctx, caller, input }: CallerVerbArgs<{ workspaceId: string; name: string }>): Promise<Workspace> {
  const there = await memberCaller(ctx, caller, input.workspaceId);
  requireRole(there, "manage");
  const [row] = await ctx.db
    .update(workspaces)
    .set({ name: input.name.trim(), updatedAt: sql`now()` })
    .where(eq(workspaces.id, input.workspaceId))
    .returning();
  return workspaceToApi(row!, there.role);
}
