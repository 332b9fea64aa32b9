import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

import { createdAt } from "./columns.ts";
import { ownerId, workspaceId } from "./owner-column.ts";

/**
 * Idempotency-Key on run creation: the first response is stored and replayed for 24 hours. A key
 * is one person's in one workspace (docs/adr/0040-team-workspaces-outlive-their-members.md).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    workspaceId: workspaceId(),
    userId: ownerId(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** null while the first request is still being handled. */
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.key] })],
);

/** Fixed-window request counters of the public API, shared by every server process. */
export const apiRateLimits = pgTable("api_rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
