import { missingScopeMessage, WORKSPACE_PERMISSIONS, type ApiKeyScope, type WorkspaceOperation } from "@errand/contract";
import type { MatrixCaller } from "./matrix-callers.ts";

/**
 * Who may call an operation, as its row in the matrix says it (docs/security.md, "The role matrix").
 * - `needs`: its kind in the permission table (WORKSPACE_PERMISSIONS), or `public` (no credentials).
 * - `of`: `workspace` (default): the role in the workspace and the key's scope decide;
 *   `account`: the person's own action (their workspaces, their invitations): only the scope.
 * - `personalCredentials`: the account's own secrets, refused to named keys (ADR 0035).
 * - `siteAdmin`: only the server's admins (ADMIN_EMAILS), which nobody in the matrix is.
 */
export interface Permission {
  needs: WorkspaceOperation | "public";
  of?: "workspace" | "account";
  personalCredentials?: true;
  siteAdmin?: true;
}

/** What a cell must answer: allowed (the row's answer), or refused with this status and a message matching. */
export type Outcome = { allowed: true } | { allowed: false; status: 401 | 403 | 404; message: string | RegExp };

/** The scope each kind of operation needs (docs/adr/0035-named-api-keys-with-scopes.md). */
export const SCOPE_NEEDED: Record<WorkspaceOperation, ApiKeyScope> = {
  read: "read",
  run: "run",
  manage: "manage",
  billing: "manage",
  delete: "manage",
};

const PLURAL = { owner: "owners", admin: "admins", member: "members", viewer: "viewers" } as const;

const SITE_ADMINS_ONLY: Outcome = { allowed: false, status: 403, message: /^Only admins can / };

/** A role refusal names who may, or the role refused: "Only the workspace's owners and admins can ...", "Viewers can only read ...". */
const ROLE_REFUSAL = new RegExp(`\\b(${Object.values(PLURAL).join("|")})\\b`, "i");

/**
 * The outcome a caller must get, derived from the permission table and the scope rules, never
 * written per cell. `targetsTeam`: the call names the team's workspace or one of its resources
 * (a non-member acting in their own workspace gets 404 for it, never 403: a 403 would say it exists).
 */
export function expectedOutcome(permission: Permission, caller: MatrixCaller, targetsTeam: boolean): Outcome {
  if (permission.needs === "public") return { allowed: true };
  if (caller.kind === "revoked") return { allowed: false, status: 401, message: "Invalid API key" };
  if (caller.kind === "expired") return { allowed: false, status: 401, message: "API key expired" };
  if (caller.kind === "stranger-in-team") return { allowed: false, status: 404, message: "Workspace not found" };
  if (caller.kind === "stranger") {
    // Their own key: every scope, owner of their own workspace; the team's things are not found.
    if (permission.siteAdmin) return SITE_ADMINS_ONLY;
    if (targetsTeam && permission.of !== "account") return { allowed: false, status: 404, message: / not found$/ };
    return { allowed: true };
  }
  const scope = SCOPE_NEEDED[permission.needs];
  if (!caller.scopes.includes(scope)) return { allowed: false, status: 403, message: missingScopeMessage(scope) };
  const workspace = permission.of !== "account";
  if (workspace && !WORKSPACE_PERMISSIONS[permission.needs].includes(caller.role)) {
    return { allowed: false, status: 403, message: ROLE_REFUSAL };
  }
  if (permission.personalCredentials && caller.namedKey) return { allowed: false, status: 403, message: /^A named API key cannot / };
  return permission.siteAdmin ? SITE_ADMINS_ONLY : { allowed: true };
}
