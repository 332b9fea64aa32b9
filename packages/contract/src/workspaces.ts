import { allowedDomainsOrNull } from "./allowed-domains.ts";
import { z } from "zod";
import { plainText } from "./input-limits.ts";

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

/**
 * Days after its end a run's session recording and HAR may be kept before the workspace's
 * retention deletes them (docs/adr/0056-recording-retention.md): a day to ten years.
 */
export const RECORDING_RETENTION_DAYS = { min: 1, max: 3650 } as const;
const retentionMessage = `recording_retention_days must be a whole number of days from ${RECORDING_RETENTION_DAYS.min} to ${RECORDING_RETENTION_DAYS.max}, or null to keep recordings as long as their runs`;

/** As stored: null keeps recordings as long as their runs; left out keeps the workspace's value. */
export const recordingRetentionDaysOrNull = z
  .number({ error: retentionMessage })
  .int({ error: retentionMessage })
  .min(RECORDING_RETENTION_DAYS.min, { error: retentionMessage })
  .max(RECORDING_RETENTION_DAYS.max, { error: retentionMessage })
  .nullable()
  .optional()
  .meta({
    description: `Days after a run ends that its session recording and HAR are deleted (the run, its steps, screenshots and trace stay), ${RECORDING_RETENTION_DAYS.min} to ${RECORDING_RETENTION_DAYS.max}; null keeps them as long as the run.`,
  });
/** The personal workspace's name, until the person renames it. */
export const PERSONAL_WORKSPACE_NAME = "Personal";

/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;
/** Pending invitations one workspace may have: a bound on the mail its admins can make the server send. */
export const MAX_PENDING_INVITATIONS = 50;
/** The roles an invitation may give; an owner makes another owner from the members list. */
export const INVITABLE_ROLES = ["admin", "member", "viewer"] as const;

const roleSchema = z.enum(WORKSPACE_ROLES, { error: `role must be one of ${WORKSPACE_ROLES.join(", ")}` });

/** A workspace as the API shows it to one of its members. */
export const workspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(WORKSPACE_KINDS).meta({ description: "`personal`: the account's own, one member; `team`: shared" }),
  role: roleSchema.meta({ description: "The role of the person asking" }),
  default_allowed_domains: z.array(z.string()).nullable().meta({
    description:
      "The allowed domains of runs that name none, theirs or their task's (docs/adr/0049-messages-and-allowed-domains.md); null: no limit.",
  }),
  recording_retention_days: z.number().int().nullable().meta({
    description: "Days after a run ends that its session recording and HAR are deleted; null: kept as long as the run.",
  }),
  created_at: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;
export const workspaceListSchema = z.object({
  workspaces: z.array(workspaceSchema).meta({ description: "The personal workspace first, then teams by name" }),
});
export type WorkspaceList = z.infer<typeof workspaceListSchema>;

export const workspaceNameInputSchema = z.object({
  name: plainText("name", { oneLine: true })
    .trim()
    .min(1, "Name is required")
    .max(WORKSPACE_NAME_MAX, `name must be at most ${WORKSPACE_NAME_MAX} characters`),
});

/** PATCH /workspaces/{id}: its name, its default allowed domains (null or [] removes them), its recording retention, or several. */
export const workspaceUpdateInputSchema = z.object({
  name: workspaceNameInputSchema.shape.name.optional(),
  default_allowed_domains: allowedDomainsOrNull,
  recording_retention_days: recordingRetentionDaysOrNull,
});

/** A member as the API shows it. */
export const workspaceMemberSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  created_at: z.string().meta({ description: "When they joined" }),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;
export const workspaceMemberListSchema = z.object({
  members: z.array(workspaceMemberSchema).meta({ description: "Owners first, then by e-mail" }),
});
export type WorkspaceMemberList = z.infer<typeof workspaceMemberListSchema>;

export const memberRoleInputSchema = z.object({ role: roleSchema });

export const invitationInputSchema = z.object({
  email: z
    .string({ error: "email must be text" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter a valid e-mail address" })),
  role: z.enum(INVITABLE_ROLES, { error: `role must be one of ${INVITABLE_ROLES.join(", ")}` }),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** A pending invitation as its workspace's owners and admins see it (never its link). */
export const workspaceInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleSchema,
  invited_by: z.string().meta({ description: "The e-mail of who sent it" }),
  expires_at: z.string(),
  created_at: z.string(),
});
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationSchema>;
export const workspaceInvitationListSchema = z.object({
  invitations: z.array(workspaceInvitationSchema).meta({ description: "Pending ones (not used, not expired), newest first" }),
});
export type WorkspaceInvitationList = z.infer<typeof workspaceInvitationListSchema>;

export const INVITATION_STATES = ["pending", "expired", "used"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** What the link's page shows anyone holding it. */
export const invitationStatusSchema = z.object({
  workspace_name: z.string(),
  invited_by: z.string().meta({ description: "The name of who sent it" }),
  email: z.string().meta({ description: "The address it was sent to: only an account with it can accept" }),
  role: roleSchema,
  state: z.enum(INVITATION_STATES),
  expires_at: z.string(),
});
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;
