import type { WorkspaceOperation, WorkspaceRole } from "@errand/contract";

export const ROLE_LABELS: Record<WorkspaceRole, string> = { owner: "Owner", admin: "Admin", member: "Member", viewer: "Viewer" };

/** The permission table's rows, in the words of docs/adr/0031-workspaces-and-roles.md. */
export const OPERATION_LABELS: Record<WorkspaceOperation, string> = {
  read: "Read runs, results and tasks",
  run: "Create and run tasks, saved logins, credentials, files, schedules",
  manage: "Members, API keys, webhooks, proxy pools",
  billing: "Buy credits",
  delete: "Delete the workspace, make another owner",
};
