/**
 * Resource: workspaces (docs/adr/0031-workspaces-and-roles.md). Every account has a personal
 * workspace; team workspaces have members with a role. Tasks, runs, saved logins, credentials,
 * proxy pools, files, webhooks, schedules and billing rows belong to a workspace.
 */
export const WORKSPACE_KINDS = ["personal", "team"] as const;
export type WorkspaceKind = (typeof WORKSPACE_KINDS)[number];

/** From most to least trusted; the permission table says what each may do. */
export const WORKSPACE_ROLES = ["owner", "admin", "member", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The kinds of operation the permission table is written in. */
export const WORKSPACE_OPERATIONS = ["read", "run", "manage", "billing", "delete"] as const;
export type WorkspaceOperation = (typeof WORKSPACE_OPERATIONS)[number];

/**
 * Which roles may do which kind of operation (the table of docs/adr/0031-workspaces-and-roles.md):
 * read runs and results; run (create and run tasks, saved logins, credentials, proxies, files,
 * webhooks, schedules); manage (members and keys); billing (buy credits); delete the workspace.
 */
export const WORKSPACE_PERMISSIONS: Readonly<Record<WorkspaceOperation, readonly WorkspaceRole[]>> = {
  read: ["owner", "admin", "member", "viewer"],
  run: ["owner", "admin", "member"],
  manage: ["owner", "admin"],
  billing: ["owner", "admin"],
  delete: ["owner"],
};

export const WORKSPACE_NAME_MAX = 60;
/** The personal workspace's name, until the person renames it. */
export const PERSONAL_WORKSPACE_NAME = "Personal";

/** A workspace as the API will show it to one of its members. */
export interface Workspace {
  id: string;
  name: string;
  kind: WorkspaceKind;
  /** The role of the person asking. */
  role: WorkspaceRole;
  created_at: string;
}

/** A member as the API will show it. */
export interface WorkspaceMember {
  user_id: string;
  email: string;
  name: string;
  role: WorkspaceRole;
  created_at: string;
}
