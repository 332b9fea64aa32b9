import type { ApiBody, ApiQuery, ApiResult, AuditEvent, NamedApiKey, Workspace, WorkspaceMember } from "@errand/contract";
import { callOperation } from "../operation-call.ts";
import { Resource } from "./resource.ts";
import type { RequestOptions } from "../types.ts";

/**
 * The workspace a key acts in, and the others its maker belongs to (docs/adr/0036-workspace-invitations.md):
 * members, invitations, named keys and the audit log. What each call needs is in docs/api.md
 * ("Workspaces"); a key without it gets an ErrandError with status 403 naming the scope or role.
 */
export class Workspaces extends Resource {
  /** GET /workspaces: the personal workspace first, then teams by name, each with the caller's role. */
  async list(options?: RequestOptions): Promise<Workspace[]> {
    return (await callOperation(this.http, "listWorkspaces", {}, options)).workspaces;
  }

  /**
   * PATCH /workspaces/{id}: its name, default allowed domains or recording retention (owners and
   * admins); a field left out keeps its value, null removes a limit.
   */
  update(workspaceId: string, changes: ApiBody<"updateWorkspace">, options?: RequestOptions): Promise<Workspace> {
    return callOperation(this.http, "updateWorkspace", { params: { id: workspaceId }, body: changes }, options);
  }

  /** GET /workspaces/{id}/members: owners first, then by e-mail. */
  async members(workspaceId: string, options?: RequestOptions): Promise<WorkspaceMember[]> {
    return (await callOperation(this.http, "listWorkspaceMembers", { params: { id: workspaceId } }, options)).members;
  }

  /** POST /workspaces/{id}/invitations: e-mails a single-use link that expires after 7 days (owners and admins). */
  invite(
    workspaceId: string,
    invitation: ApiBody<"createWorkspaceInvitation">,
    options?: RequestOptions,
  ): Promise<ApiResult<"createWorkspaceInvitation">> {
    return callOperation(this.http, "createWorkspaceInvitation", { params: { id: workspaceId }, body: invitation }, options);
  }

  /** GET /audit-events: the key's workspace's security events, newest first, a page at a time (owners and admins). */
  auditEvents(
    query: ApiQuery<"listAuditEvents"> = {},
    options?: RequestOptions,
  ): Promise<{ audit_events: AuditEvent[]; next_cursor: string | null }> {
    return callOperation(this.http, "listAuditEvents", { query }, options);
  }

  /** GET /api-keys: the workspace's named keys that are not revoked (never their secrets). */
  async apiKeys(options?: RequestOptions): Promise<NamedApiKey[]> {
    return (await callOperation(this.http, "listApiKeys", {}, options)).api_keys;
  }

  /** POST /api-keys: a named key with its scopes; the answer holds its secret, shown this once. */
  createApiKey(key: ApiBody<"createApiKey">, options?: RequestOptions): Promise<ApiResult<"createApiKey">> {
    return callOperation(this.http, "createApiKey", { body: key }, options);
  }

  /** DELETE /api-keys/{id}: refused from the next request on, on every server process. */
  async revokeApiKey(id: string, options?: RequestOptions): Promise<void> {
    await callOperation(this.http, "revokeApiKey", { params: { id } }, options);
  }
}
