import type { Workspace } from "@errand/contract";

/** Owners and admins manage members and invitations (the permission table's "manage"). */
export const canManage = (workspace: Workspace) => workspace.role === "owner" || workspace.role === "admin";
export const VIEW_ONLY_REASON = "Only the workspace's owners and admins can change this.";
