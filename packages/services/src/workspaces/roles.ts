import { WORKSPACE_PERMISSIONS, type WorkspaceOperation, type WorkspaceRole } from "@errand/contract";
import { requireScope, type Caller } from "../caller.ts";
import { forbidden } from "../errors.ts";

/** What the refusal says, per kind of operation: who may do it. */
const REFUSALS: Record<WorkspaceOperation, string> = {
  read: "Your role in this workspace cannot read it",
  run: "Viewers can only read in this workspace: this call changes something",
  manage: "Only the workspace's owners and admins can do this",
  billing: "Only the workspace's owners and admins can buy credits",
  delete: "Only the workspace's owners can delete it",
};

/** Whether `role` may do this kind of operation (the table of docs/adr/0031-workspaces-and-roles.md). */
export function roleAllows(role: WorkspaceRole, operation: WorkspaceOperation): boolean {
  return WORKSPACE_PERMISSIONS[operation].includes(role);
}

/**
 * Refuses a caller whose credentials or role in the workspace do not allow this kind of
 * operation (403). The credentials' scope is checked first: reading needs `read`, anything else
 * `write`.
 */
export function requireRole(caller: Caller, operation: WorkspaceOperation): void {
  requireScope(caller, operation === "read" ? "read" : "write");
  if (!roleAllows(caller.role, operation)) throw forbidden(REFUSALS[operation]);
}
