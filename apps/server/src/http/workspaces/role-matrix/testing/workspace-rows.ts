import { uniqueEmail } from "../../../../testing/test-app.ts";
import type { ApiOperationId } from "@errand/contract";
import type { MatrixRow } from "./run-row.ts";
import type { WorkspaceWorld } from "./workspace-world.ts";

type Row = MatrixRow<WorkspaceWorld>;
const team = (w: WorkspaceWorld) => ({ params: { id: w.team.id } });
const members = (w: WorkspaceWorld) => `/workspaces/${w.team.id}/members`;
const invitations = (w: WorkspaceWorld) => `/workspaces/${w.team.id}/invitations`;

/** The account, named keys, the audit log, billing, workspaces, members, invitations and the public pages' calls. */
export const workspaceRows: Partial<Record<ApiOperationId, Row>> = {
  getAccount: { needs: "read", of: "account", call: () => ({}) },
  revealApiKey: { needs: "read", of: "account", personalCredentials: true, call: () => ({}) },
  getWebhookSecret: { needs: "read", of: "account", personalCredentials: true, call: () => ({}) },
  rotateApiKey: {
    needs: "manage",
    // The person's own key, whatever their role in the workspace their session shows.
    of: "account",
    personalCredentials: true,
    // A non-member's own key would stop working for the rows after this one: someone else's stands for it.
    call: async (w, cell) => (cell.caller.kind === "stranger" ? { as: (await w.fresh.person()).headers } : {}),
  },
  deleteAccount: {
    needs: "manage",
    of: "account",
    personalCredentials: true,
    // Deleting acts on the caller's own account: an allowed cell deletes a newcomer's, not a caller the rows after it need.
    call: async (w, cell) => (cell.allowed ? { as: (await w.fresh.person()).headers } : {}),
  },
  listApiKeys: { needs: "manage", call: () => ({}) },
  createApiKey: { needs: "manage", call: () => ({ body: { name: "made by the matrix", scopes: ["read"] } }), watch: () => "/api-keys" },
  revokeApiKey: {
    needs: "manage",
    call: async (w, cell) => ({ params: { id: cell.allowed ? await w.fresh.key() : w.spareKeyId } }),
    watch: () => "/api-keys",
  },
  listAuditEvents: { needs: "manage", call: () => ({}) },
  // No card payment provider on the matrix's server: an allowed call gets as far as asking for one.
  createPayment: { needs: "billing", call: () => ({ body: { amount: 2000 } }), answers: 503, watch: () => "/transactions" },
  listTransactions: { needs: "read", call: () => ({}) },
  getUsage: { needs: "read", call: () => ({}) },
  getSpendingLimit: { needs: "read", call: () => ({}) },
  setSpendingLimit: {
    needs: "billing",
    call: () => ({ body: { monthly_usd: 250 } }),
    watch: () => "/workspaces/current/spending-limit",
  },
  listWorkspaces: { needs: "read", of: "account", call: () => ({}) },
  createWorkspace: { needs: "manage", of: "account", call: () => ({ body: { name: "Made by the matrix" } }), watch: () => "/workspaces" },
  updateWorkspace: { needs: "manage", call: (w) => ({ ...team(w), body: { name: "Role matrix, renamed" } }), watch: () => "/workspaces" },
  listWorkspaceMembers: { needs: "read", call: team },
  updateWorkspaceMember: {
    needs: "manage",
    call: (w) => ({ params: { id: w.team.id, userId: w.extraMemberId }, body: { role: "member" } }),
    watch: members,
  },
  removeWorkspaceMember: {
    needs: "manage",
    call: async (w, cell) => ({ params: { id: w.team.id, userId: cell.allowed ? await w.fresh.member() : w.extraMemberId } }),
    watch: members,
  },
  createWorkspaceInvitation: {
    needs: "manage",
    call: (w) => ({ ...team(w), body: { email: uniqueEmail(), role: "viewer" } }),
    watch: invitations,
  },
  listWorkspaceInvitations: { needs: "manage", call: team },
  revokeWorkspaceInvitation: {
    needs: "manage",
    call: async (w, cell) => ({ params: { id: w.team.id, invitationId: cell.allowed ? await w.fresh.invitation() : w.invitation.id } }),
    watch: invitations,
  },
  acceptInvitation: {
    needs: "manage",
    of: "account",
    call: async (w, cell) => ({ params: { token: cell.allowed ? await w.fresh.invitationFor(cell.caller) : "no-such-invitation" } }),
    targetsTeam: false,
  },
  deleteWorkspace: {
    needs: "delete",
    call: async (w, cell) => {
      if (!cell.allowed) return team(w);
      const doomed = await w.fresh.teamToDelete(cell.caller);
      return { params: { id: doomed.id }, as: doomed.headers };
    },
    watch: () => "/workspaces",
  },
  // Public: the same answer whoever asks, with or without credentials.
  getInvitation: { needs: "public", call: (w) => ({ params: { token: w.invitation.token } }) },
  sendContactMessage: { needs: "public", call: () => ({ body: { email: uniqueEmail("visitor"), message: "Do you support teams?" } }) },
  getSiteConfig: { needs: "public", call: () => ({}) },
  getPasswordResetStatus: { needs: "public", call: () => ({ params: { token: "no-such-token" } }) },
};
