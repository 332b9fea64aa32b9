import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { users } from "./auth.ts";

/**
 * Where each live browser is (ADR 0013): the internal live endpoint of the process holding a
 * running run's browser or a login session, so any API process can relay its viewer and its
 * operations there. Written when the browser opens, removed when it closes; a row left by a
 * killed process only leads to a refused relay (answered as "no live browser") until it expires.
 */
export const liveEndpoints = pgTable(
  "live_endpoints",
  {
    kind: text("kind", { enum: ["run", "session"] }).notNull(),
    /** The run's id or the login session's id. */
    targetId: uuid("target_id").notNull(),
    /**
     * The login session's account, or the run's maker (null once that account is deleted): a run's
     * viewers are checked against its workspace (docs/adr/0040-team-workspaces-outlive-their-members.md).
     */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The owning process's LIVE_INTERNAL_URL (or the loopback address it listens on). */
    address: text("address").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A process removes its own rows when it stops (by address); the sweep drops expired ones.
  (t) => [
    primaryKey({ columns: [t.kind, t.targetId] }),
    index("live_endpoints_address_idx").on(t.address),
    index("live_endpoints_expires_idx").on(t.expiresAt),
  ],
);
