import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { WORKSPACE_KINDS, WORKSPACE_ROLES } from "@errand/contract";
import { users } from "./auth.ts";
import { createdAt, timestamps } from "./columns.ts";

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
