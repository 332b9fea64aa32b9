import { text } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { workspaces } from "./workspaces.ts";
import { randomId } from "./columns.ts";

/** The account that made a row; the row goes when the account goes. */
export const ownerId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/**
 * The workspace a row belongs to: what every member's access is checked against
 * (docs/adr/0031-workspaces-and-roles.md). The row goes when the workspace goes.
 */
export const workspaceId = () =>
  text("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

/**
 * Who made a row that belongs to a workspace. A team workspace's rows are the workspace's, so
 * deleting the account keeps them and forgets the maker (null); a personal workspace's rows go
 * with the workspace (docs/adr/0040-team-workspaces-outlive-their-members.md).
 */
export const madeBy = () => text("user_id").references(() => users.id, { onDelete: "set null" });

/** The columns that open every workspace-owned table: its id, its maker (see madeBy) and its workspace. */
export const workspaceRow = () => ({ id: randomId(), userId: madeBy(), workspaceId: workspaceId() });
