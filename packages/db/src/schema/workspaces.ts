import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { WORKSPACE_KINDS, WORKSPACE_ROLES } from "@errand/contract";
import { users } from "./auth.ts";
import { createdAt, randomId, timestamps } from "./columns.ts";

/**
 * Where an account's work lives (docs/adr/0031-workspaces-and-roles.md). Every account has one
 * personal workspace whose id is the account's own id, so "the person's workspace" needs no
 * lookup; team workspaces get a random id. A personal workspace goes with its account.
 */
export const workspaces = pgTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind", { enum: WORKSPACE_KINDS }).notNull(),
    /** The account a personal workspace belongs to (equal to id); null for a team workspace. */
    personalUserId: text("personal_user_id")
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The allowed domains of runs that name none (docs/adr/0049-messages-and-allowed-domains.md); null: no limit. */
    defaultAllowedDomains: text("default_allowed_domains").array(),
    /** Days after its end a run's session recording and HAR are deleted (docs/adr/0056-recording-retention.md); null: kept with the run. */
    recordingRetentionDays: integer("recording_retention_days"),
    ...timestamps(),
  },
  (t) => [
    check(
      "workspaces_personal_is_its_owner",
      sql`(${t.kind} = 'personal' and ${t.personalUserId} = ${t.id}) or (${t.kind} = 'team' and ${t.personalUserId} is null)`,
    ),
  ],
);

/** Who may act in a workspace, and as what (the permission table is in packages/services/src/workspaces/roles.ts). */
export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  // One role per person and workspace; "my workspaces" reads by user.
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user_idx").on(t.userId)],
);

/**
 * An invitation by e-mail to join a team workspace (docs/adr/0036-workspace-invitations.md). The
 * link's token is shown once, in the e-mail; only its SHA-256 is kept. It works until it expires
 * or is used; revoking deletes the row.
 */
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: randomId(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-cased: the account that accepts must have this address. */
    email: text("email").notNull(),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** Who sent it; the invitation goes if their account does. */
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set once, when it is used: a used link answers "already used". */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("workspace_invitations_workspace_idx").on(t.workspaceId), index("workspace_invitations_invited_by_idx").on(t.invitedBy)],
);
