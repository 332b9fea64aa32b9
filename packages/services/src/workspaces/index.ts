// @errand/services/workspaces: workspaces, their members and the role each may act as
// (docs/adr/0031-workspaces-and-roles.md).
export { requireRole, roleAllows } from "./roles.ts";
export { createWorkspace } from "./create-workspace.ts";
export { addMember } from "./add-member.ts";
export { callerInWorkspace } from "./caller-in-workspace.ts";
