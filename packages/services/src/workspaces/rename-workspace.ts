import type { Workspace } from "@errand/contract";
import { workspaces } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { memberCaller } from "./member-caller.ts";
import { requireRole } from "./roles.ts";
import { workspaceToApi } from "./to-api.ts";

/**
 * Renames a workspace or sets its default allowed domains (docs/adr/0049-messages-and-allowed-domains.md)
 * or its recording retention (docs/adr/0056-recording-retention.md): owners and admins, the
 * personal one too. A field left out keeps its value.
 */
export async function renameWorkspace({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{
  workspaceId: string;
  name?: string;
  defaultAllowedDomains?: string[] | null;
  recordingRetentionDays?: number | null;
}>): Promise<Workspace> {
  const there = await memberCaller(ctx, caller, input.workspaceId);
  requireRole(there, "manage");
  const [row] = await ctx.db
    .update(workspaces)
    .set({
      ...(input.name !== undefined && { name: input.name.trim() }),
      ...(input.defaultAllowedDomains !== undefined && { defaultAllowedDomains: input.defaultAllowedDomains }),
      ...(input.recordingRetentionDays !== undefined && { recordingRetentionDays: input.recordingRetentionDays }),
      updatedAt: sql`now()`,
    })
    .where(eq(workspaces.id, input.workspaceId))
    .returning();
  return workspaceToApi(row!, there.role);
}
