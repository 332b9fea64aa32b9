import type { Workspace, WorkspaceRole } from "@errand/contract";
import type { workspaces } from "@errand/db";

/** A workspace row as the API shows it to a member with `role`. */
export function workspaceToApi(row: typeof workspaces.$inferSelect, role: WorkspaceRole): Workspace {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    role,
    default_allowed_domains: row.defaultAllowedDomains ?? null,
    recording_retention_days: row.recordingRetentionDays ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
