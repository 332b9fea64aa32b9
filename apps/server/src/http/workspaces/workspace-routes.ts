import { workspaceOperations } from "@errand/contract";
import {
  acceptInvitation,
  changeMemberRole,
  createWorkspace,
  deleteWorkspace,
  getInvitation,
  inviteMember,
  listInvitations,
  listMembers,
  listWorkspaces,
  removeMember,
  renameWorkspace,
  revokeInvitation,
} from "@errand/services/workspaces";
import type { ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { validationResponse } from "../errors.ts";
import { verbServer } from "../serve-verb.ts";

/** Workspaces, members and invitations (docs/adr/0036-workspace-invitations.md). */
export function registerWorkspaceRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  const ops = workspaceOperations;
  serve(ops.listWorkspaces, () => ({}), listWorkspaces);
  serve(ops.createWorkspace, ({ json }) => json, createWorkspace);
  serve(
    ops.updateWorkspace,
    ({ param, json }) => ({
      workspaceId: param.id,
      name: json.name,
      defaultAllowedDomains: json.default_allowed_domains,
      recordingRetentionDays: json.recording_retention_days,
    }),
    renameWorkspace,
  );
  serve(ops.deleteWorkspace, ({ param }) => ({ workspaceId: param.id }), deleteWorkspace);
  serve(ops.listWorkspaceMembers, ({ param }) => ({ workspaceId: param.id }), listMembers);
  serve(
    ops.updateWorkspaceMember,
    ({ param, json }) => ({ workspaceId: param.id, userId: param.userId, role: json.role }),
    changeMemberRole,
  );
  serve(ops.removeWorkspaceMember, ({ param }) => ({ workspaceId: param.id, userId: param.userId }), removeMember);
  serve(ops.createWorkspaceInvitation, ({ param, json }) => ({ workspaceId: param.id, ...json }), inviteMember);
  serve(ops.listWorkspaceInvitations, ({ param }) => ({ workspaceId: param.id }), listInvitations);
  serve(ops.revokeWorkspaceInvitation, ({ param }) => ({ workspaceId: param.id, invitationId: param.invitationId }), revokeInvitation);
  serve(ops.acceptInvitation, ({ param }) => ({ token: param.token }), acceptInvitation);
}

export const invitationRoute = createRoute(workspaceOperations.getInvitation);

/** Public: what an invitation link offers, mounted before the authentication middleware. */
export function invitationRoutes(ctx: ServiceContext) {
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.openapi(invitationRoute, async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await getInvitation({ ctx, input: { token: c.req.valid("param").token } }), 200);
  });
  return app;
}
