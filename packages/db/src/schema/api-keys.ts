import { API_KEY_SCOPES } from "@errand/contract";
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, randomId } from "./columns.ts";
import { ownerId, workspaceId } from "./owner-column.ts";

/**
 * Named API keys of a workspace (docs/adr/0035-named-api-keys-with-scopes.md). A key acts as the
 * member who made it (`user_id`) with that member's current role, narrowed to its scopes: the
 * lookup joins the membership, so removing the member stops their keys. Only the SHA-256 of the
 * secret is kept: it is shown once, when the key is made.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: randomId(),
    workspaceId: workspaceId(),
    /** Who made it, and whom it acts as: the key goes with their account. */
    userId: ownerId(),
    name: text("name").notNull(),
    scopes: text("scopes", { enum: API_KEY_SCOPES }).array().notNull(),
    hash: text("hash").notNull().unique(),
    /** First characters of the secret, safe to show. */
    prefix: text("prefix").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Written at most once a minute per key, not on every request. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("api_keys_workspace_idx").on(t.workspaceId), index("api_keys_user_idx").on(t.userId)],
);
