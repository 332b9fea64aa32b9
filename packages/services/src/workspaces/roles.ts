import { WORKSPACE_PERMISSIONS, type WorkspaceOperation, type WorkspaceRole } from "@errand/contract";
import { requireScope, type Caller, type CallerScope } from "../caller.ts";
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

/** The key scope each kind of operation needs (docs/adr/0035-named-api-keys-with-scopes.md). */
const SCOPE_NEEDED: Record<WorkspaceOperation, CallerScope> = {
  read: "read",
  run: "run",
  manage: "manage",
  billing: "manage",
  delete: "manage",
};

/**
 * Refuses a caller whose credentials or role in the workspace do not allow this kind of
 * operation (403): what a key may do is its member's role AND its scopes. The scope is checked
 * first, so a key learns which scope it lacks.
 */
export function requireRole(caller: Caller, operation: WorkspaceOperation): void {
  requireScope(caller, SCOPE_NEEDED[operation]);
  if (!roleAllows(caller.role, operation)) throw forbidden(REFUSALS[operation]);
}
