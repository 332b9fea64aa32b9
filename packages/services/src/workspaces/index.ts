// @errand/services/workspaces: workspaces, their members and the role each may act as
// (docs/adr/0031-workspaces-and-roles.md), and invitations by e-mail (docs/adr/0036-workspace-invitations.md).
export { requireRole, roleAllows } from "./roles.ts";
export { createWorkspace } from "./create-workspace.ts";
export { listWorkspaces } from "./list-workspaces.ts";
export { renameWorkspace } from "./rename-workspace.ts";
export { deleteWorkspace } from "./delete-workspace.ts";
export { addMember } from "./add-member.ts";
export { listMembers } from "./list-members.ts";
export { changeMemberRole } from "./change-member-role.ts";
export { removeMember } from "./remove-member.ts";
export { inviteMember } from "./invite-member.ts";
export { listInvitations } from "./list-invitations.ts";
export { revokeInvitation } from "./revoke-invitation.ts";
export { getInvitation } from "./get-invitation.ts";
export { acceptInvitation } from "./accept-invitation.ts";
export { callerInWorkspace } from "./caller-in-workspace.ts";
