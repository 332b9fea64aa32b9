import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * The credential vault (docs/api.md, "Credentials"): site logins the agent types by placeholder
 * (`{{secret:name.password}}`). Username, password and TOTP secret are AES-256-GCM ciphertext
 * like the other secrets; only the name and the domains it may be typed on are plain.
 */
export const credentials = pgTable(
  "credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A lowercase slug ("github-work"): what placeholders and tasks name it by. */
    name: text("name").notNull(),
    /** Hostnames it may be typed on; "*.example.com" also matches example.com's subdomains. */
    domains: text("domains").array().notNull(),
    usernameCiphertext: text("username_ciphertext").notNull(),
    passwordCiphertext: text("password_ciphertext").notNull(),
    totpSecretCiphertext: text("totp_secret_ciphertext"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One name per account; the vault lists by name.
  (t) => [uniqueIndex("credentials_user_name_idx").on(t.userId, t.name)],
);
