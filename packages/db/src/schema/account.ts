import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { timestamps } from "./columns.ts";
import { workspaceId } from "./owner-column.ts";

/**
 * One row per user. The API key is stored twice, neither usable alone: a SHA-256 hash for
 * lookup, and AES-256-GCM ciphertext (key outside the database) so the owner can reveal it.
 */
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The workspace the key acts in: the account's personal workspace (docs/adr/0031-workspaces-and-roles.md). */
  workspaceId: workspaceId(),
  apiKeyHash: text("api_key_hash").notNull().unique(),
  apiKeyCiphertext: text("api_key_ciphertext").notNull(),
  /** First characters of the key, safe to show in lists and logs. */
  apiKeyPrefix: text("api_key_prefix").notNull(),
  /** Signs this user's webhooks (HMAC-SHA256); AES-256-GCM ciphertext like the API key. */
  webhookSecretCiphertext: text("webhook_secret_ciphertext"),
  ...timestamps(),
});

/**
 * Balance, one per workspace. credits are integers in 1/10,000 dollar. A pending run holds what it may cost (one
 * free prompt, or credits for its time limit) until it finishes; what is held cannot be spent
 * twice, and the database refuses any balance below zero or below what is held.
 */
export const userCredits = pgTable(
  "user_credits",
  {
    /** The workspace whose balance this is: runs hold and spend it, purchases add to it (docs/adr/0037-spending-limits.md). */
    workspaceId: workspaceId().primaryKey(),
    /** The account of a personal workspace's balance (the same id); null for a team's. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    credits: bigint("credits", { mode: "number" }).notNull().default(0),
    freePrompts: integer("free_prompts").notNull().default(0),
    heldCredits: bigint("held_credits", { mode: "number" }).notNull().default(0),
    heldFreePrompts: integer("held_free_prompts").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_credits_held_within_balance", sql`${t.heldCredits} >= 0 and ${t.credits} >= ${t.heldCredits}`),
    check("user_credits_held_free_prompts_within", sql`${t.heldFreePrompts} >= 0 and ${t.freePrompts} >= ${t.heldFreePrompts}`),
  ],
);
