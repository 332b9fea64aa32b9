import { queryOptions } from "@tanstack/react-query";
import type { InvitationInput, WorkspaceRole } from "@errand/contract";
import { callOperation } from "./operation";

export const workspacesQueryKey = ["workspaces"] as const;

/** The person's workspaces with their role in each (the switcher and the settings page). */
export const workspacesQueryOptions = queryOptions({
  queryKey: workspacesQueryKey,
  queryFn: async ({ signal }) => (await callOperation("listWorkspaces", { signal })).workspaces,
});

export const membersQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ["workspaces", workspaceId, "members"] as const,
    queryFn: async ({ signal }) => (await callOperation("listWorkspaceMembers", { params: { id: workspaceId }, signal })).members,
  });

export const invitationsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ["workspaces", workspaceId, "invitations"] as const,
    queryFn: async ({ signal }) => (await callOperation("listWorkspaceInvitations", { params: { id: workspaceId }, signal })).invitations,
  });

/** What an invitation link offers (no sign-in needed). */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["invitation", token] as const,
    queryFn: ({ signal }) => callOperation("getInvitation", { params: { token }, signal }),
    retry: false,
  });

export const createWorkspace = (name: string) => callOperation("createWorkspace", { body: { name } });
export const renameWorkspace = (id: string, name: string) => callOperation("updateWorkspace", { params: { id }, body: { name } });
/** The default allowed domains and recording retention (the Workspace page's "Runs" card). */
export const updateWorkspaceRunSettings = (
  id: string,
  body: { default_allowed_domains: string[] | null; recording_retention_days: number | null },
) => callOperation("updateWorkspace", { params: { id }, body });
export const deleteWorkspace = (id: string) => callOperation("deleteWorkspace", { params: { id } });
export const changeMemberRole = (id: string, userId: string, role: WorkspaceRole) =>
  callOperation("updateWorkspaceMember", { params: { id, userId }, body: { role } });
export const removeMember = (id: string, userId: string) => callOperation("removeWorkspaceMember", { params: { id, userId } });
export const inviteMember = (id: string, input: InvitationInput) =>
  callOperation("createWorkspaceInvitation", { params: { id }, body: input });
export const revokeInvitation = (id: string, invitationId: string) =>
  callOperation("revokeWorkspaceInvitation", { params: { id, invitationId } });
export const acceptInvitation = (token: string) => callOperation("acceptInvitation", { params: { token } });
