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

/** The columns that open every workspace-owned table: its id, its maker and its workspace. */
export const workspaceRow = () => ({ id: randomId(), userId: ownerId(), workspaceId: workspaceId() });
