"""Workspaces, their members and invitations, named API keys and the audit log (docs/adr/0036-workspace-invitations.md)."""

from __future__ import annotations

from typing import List, cast

from ..models import (
    AuditEventPage,
    CreateApiKeyBody,
    CreatedApiKey,
    CreateWorkspaceInvitationBody,
    NamedApiKey,
    UpdateWorkspaceBody,
    Workspace,
    WorkspaceInvitation,
    WorkspaceMember,
)
from ._http import AsyncHttp


class AsyncWorkspaces:
    """The workspace a key acts in, and named keys with scopes (read, run, manage).

    What each call needs is in docs/api.md ("Workspaces"); a key without it gets a
    PermissionDeniedError (403) whose message names the scope or role it lacks.
    """

    def __init__(self, http: AsyncHttp) -> None:
        self._http = http

    async def list(self) -> List[Workspace]:
        """GET /workspaces: with an API key, the key's workspace only, with the caller's role."""
        return cast("List[Workspace]", (await self._http.request("GET", "/workspaces"))["workspaces"])

    async def create(self, name: str) -> Workspace:
        """POST /workspaces: a team workspace, with an empty balance of its own; the key's owner owns it (manage scope)."""
        return cast(Workspace, await self._http.request("POST", "/workspaces", body={"name": name}))

    async def update(self, workspace_id: str, changes: UpdateWorkspaceBody) -> Workspace:
        """PATCH /workspaces/{id}: its name, default allowed domains or recording retention (owners and admins).

        A field left out keeps its value; None removes a limit (recording_retention_days None keeps recordings with their runs).
        """
        return cast(Workspace, await self._http.request("PATCH", f"/workspaces/{workspace_id}", body=changes))

    async def members(self, workspace_id: str) -> List[WorkspaceMember]:
        """GET /workspaces/{id}/members: owners first, then by e-mail."""
        return cast("List[WorkspaceMember]", (await self._http.request("GET", f"/workspaces/{workspace_id}/members"))["members"])

    async def invite(self, workspace_id: str, invitation: CreateWorkspaceInvitationBody) -> WorkspaceInvitation:
        """POST /workspaces/{id}/invitations: e-mails a single-use link that expires after 7 days (owners and admins)."""
        answer = await self._http.request("POST", f"/workspaces/{workspace_id}/invitations", body=invitation)
        return cast(WorkspaceInvitation, answer)

    async def audit_events(
        self, *, action: str | None = None, actor: str | None = None, cursor: str | None = None, limit: int | None = None
    ) -> AuditEventPage:
        """GET /audit-events: the key's workspace's security events, newest first, a page at a time (owners and admins).

        `next_cursor` of a page, given as `cursor`, reads the next one.
        """
        query = {"action": action, "actor": actor, "cursor": cursor, "limit": limit}
        return cast(AuditEventPage, await self._http.request("GET", "/audit-events", query=query))

    async def api_keys(self) -> List[NamedApiKey]:
        """GET /api-keys: the workspace's named keys that are not revoked (never their secrets)."""
        return cast("List[NamedApiKey]", (await self._http.request("GET", "/api-keys"))["api_keys"])

    async def create_api_key(self, key: CreateApiKeyBody) -> CreatedApiKey:
        """POST /api-keys: a named key with its scopes; the answer's `secret` is shown this once."""
        return cast(CreatedApiKey, await self._http.request("POST", "/api-keys", body=key))

    async def revoke_api_key(self, api_key_id: str) -> None:
        """DELETE /api-keys/{id}: refused from the next request on."""
        await self._http.request("DELETE", f"/api-keys/{api_key_id}")
