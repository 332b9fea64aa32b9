import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";
import {
  INVITATION_TTL_DAYS,
  MAX_PENDING_INVITATIONS,
  invitationInputSchema,
  invitationStatusSchema,
  memberRoleInputSchema,
  workspaceInvitationListSchema,
  workspaceInvitationSchema,
  workspaceListSchema,
  workspaceMemberListSchema,
  workspaceMemberSchema,
  workspaceNameInputSchema,
  workspaceUpdateInputSchema,
  workspaceSchema,
} from "../workspaces.ts";
import { area, byId, commonErrors, idParam, jsonBody, jsonContent, noContent, ok, textParam } from "./describe.ts";

const workspaces = area(["Workspaces"]);

const ROLES =
  "Roles: owner (billing, members, delete the workspace), admin (members, keys, everything but ownership), member (create and run tasks, saved logins, schedules), viewer (read runs and results only).";
const forbidden = (why: string) => ({ 403: jsonContent(apiErrorSchema, why) });
const memberParams = z.object({ id: idParam.shape.id, userId: z.uuid({ error: "userId must be a UUID" }) });
const invitationParams = z.object({ id: idParam.shape.id, invitationId: z.uuid({ error: "invitationId must be a UUID" }) });
const tokenParams = z.object({ token: textParam("token") });

/**
 * Workspaces, their members and invitations by e-mail (docs/adr/0031-workspaces-and-roles.md,
 * docs/adr/0036-workspace-invitations.md). An API key reaches only its own workspace here.
 */
export const workspaceOperations = {
  listWorkspaces: workspaces("listWorkspaces", {
    summary: "The workspaces you belong to, with your role in each",
    description: `With an API key: the key's workspace only. ${ROLES}`,
    responses: ok(workspaceListSchema, "Your workspaces"),
  }),
  createWorkspace: workspaces("createWorkspace", {
    summary: "Create a team workspace; you are its owner",
    request: { body: jsonBody(workspaceNameInputSchema) },
    responses: { 201: jsonContent(workspaceSchema, "The workspace"), ...commonErrors, ...forbidden("Read-only credentials") },
  }),
  updateWorkspace: workspaces("updateWorkspace", {
    summary: "Rename a workspace or set its default allowed domains or recording retention (owners and admins)",
    description:
      "`default_allowed_domains`: the only hosts the browser of a run that names no `allowed_domains` (nor its task) may reach; `null` or `[]` removes the limit. `recording_retention_days`: days after a run ends that its session recording and HAR are deleted (the run stays; their downloads then answer 404 saying so); `null` keeps them as long as the run. A field left out keeps its value.",
    request: { params: idParam, body: jsonBody(workspaceUpdateInputSchema) },
    responses: ok(workspaceSchema, "The workspace", forbidden("Your role cannot rename it")),
  }),
  deleteWorkspace: workspaces("deleteWorkspace", {
    summary: "Delete a team workspace and everything in it (owners)",
    description:
      "Its tasks, runs, saved logins, credentials, files, webhooks, schedules and keys go with it. A personal workspace cannot be deleted (delete the account instead).",
    request: byId,
    responses: noContent("Deleted", {
      ...forbidden("Only owners can delete a workspace"),
      409: jsonContent(apiErrorSchema, "A personal workspace"),
    }),
  }),
  listWorkspaceMembers: workspaces("listWorkspaceMembers", {
    summary: "A workspace's members and their roles",
    request: byId,
    responses: ok(workspaceMemberListSchema, "The members"),
  }),
  updateWorkspaceMember: workspaces("updateWorkspaceMember", {
    summary: "Change a member's role (owners and admins; only owners make or change owners)",
    description: "The last owner cannot be demoted: make another owner first.",
    request: { params: memberParams, body: jsonBody(memberRoleInputSchema) },
    responses: ok(workspaceMemberSchema, "The member", {
      ...forbidden("Your role cannot change this member"),
      409: jsonContent(apiErrorSchema, "The last owner"),
    }),
  }),
  removeWorkspaceMember: workspaces("removeWorkspaceMember", {
    summary: "Remove a member, or leave (your own user id)",
    description:
      "Owners and admins remove members (only owners remove owners); anyone may leave. The member loses access at once: their next request in the workspace answers 404. What they made stays in the workspace. The last owner cannot leave.",
    request: { params: memberParams },
    responses: noContent("Removed", {
      ...forbidden("Your role cannot remove this member"),
      409: jsonContent(apiErrorSchema, "The last owner"),
    }),
  }),
  createWorkspaceInvitation: workspaces("createWorkspaceInvitation", {
    summary: "Invite someone by e-mail (owners and admins)",
    description: `Sends an e-mail with a link that works once, for ${INVITATION_TTL_DAYS} days, for an account with that address (one is created on the link's page if needed). Inviting the same address again replaces its pending invitation. At most ${MAX_PENDING_INVITATIONS} pending invitations per workspace.`,
    request: { params: idParam, body: jsonBody(invitationInputSchema) },
    responses: {
      201: jsonContent(workspaceInvitationSchema, "The invitation (its link is only in the e-mail)"),
      ...commonErrors,
      ...forbidden("Your role cannot invite"),
      409: jsonContent(apiErrorSchema, "Already a member, a personal workspace, or too many pending invitations"),
    },
  }),
  listWorkspaceInvitations: workspaces("listWorkspaceInvitations", {
    summary: "A workspace's pending invitations (owners and admins)",
    request: byId,
    responses: ok(workspaceInvitationListSchema, "The pending invitations", forbidden("Your role cannot see invitations")),
  }),
  revokeWorkspaceInvitation: workspaces("revokeWorkspaceInvitation", {
    summary: "Revoke a pending invitation: its link stops working at once",
    request: { params: invitationParams },
    responses: noContent("Revoked", forbidden("Your role cannot revoke invitations")),
  }),
  getInvitation: workspaces("getInvitation", {
    summary: "What an invitation link offers (no key needed)",
    description: "A revoked link, or one that never was, answers 404; an expired or used one says so in `state`.",
    security: [],
    request: { params: tokenParams },
    responses: { 200: jsonContent(invitationStatusSchema, "The invitation"), 400: commonErrors[400], 404: commonErrors[404] },
  }),
  acceptInvitation: workspaces("acceptInvitation", {
    summary: "Accept an invitation: join its workspace with its role",
    description: "Signed in with the invited address only. A link works once and until it expires.",
    request: { params: tokenParams },
    responses: ok(workspaceSchema, "The workspace joined", {
      ...forbidden("Signed in with another address"),
      409: jsonContent(apiErrorSchema, "Used or expired"),
    }),
  }),
};
