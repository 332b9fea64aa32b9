import { WORKSPACE_PERMISSIONS, type WorkspaceOperation, type WorkspaceRole } from "@errand/contract";

const PLURAL: Record<WorkspaceRole, string> = { owner: "owners", admin: "admins", member: "members", viewer: "viewers" };

/** "owners, admins and members": the roles the permission table lets do this kind of operation. */
export function rolesAllowed(operation: WorkspaceOperation): string {
  const names = WORKSPACE_PERMISSIONS[operation].map((role) => PLURAL[role]);
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * "Only the workspace's owners and admins can buy credits.": why a screen offers no control for
 * something the person's role may not do (docs/adr/0031-workspaces-and-roles.md), in the words of
 * the notes the settings pages already show.
 */
export function onlyRolesCan(operation: WorkspaceOperation, what: string): string {
  return `Only the workspace's ${rolesAllowed(operation)} can ${what}.`;
}
