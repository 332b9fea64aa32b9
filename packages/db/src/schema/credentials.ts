import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

import { randomId, timestamps } from "./columns.ts";
import { madeBy, workspaceId } from "./owner-column.ts";

/**
 * The credential vault (docs/api.md, "Credentials"): site logins the agent types by placeholder
 * (`{{secret:name.password}}`). Username, password and TOTP secret are AES-256-GCM ciphertext
 * like the other secrets; only the name and the domains it may be typed on are plain.
 */
export const credentials = pgTable(
  "credentials",
  {
    id: randomId(),
    userId: madeBy(),
    workspaceId: workspaceId(),
    /** A lowercase slug ("github-work"): what placeholders and tasks name it by. */
    name: text("name").notNull(),
    /** Hostnames it may be typed on; "*.example.com" also matches example.com's subdomains. */
    domains: text("domains").array().notNull(),
    usernameCiphertext: text("username_ciphertext").notNull(),
    passwordCiphertext: text("password_ciphertext").notNull(),
    totpSecretCiphertext: text("totp_secret_ciphertext"),
    ...timestamps(),
  },
  // One name per workspace; the vault lists by name. user_id keeps an index for its foreign key.
  (t) => [uniqueIndex("credentials_workspace_name_idx").on(t.workspaceId, t.name), index("credentials_user_idx").on(t.userId)],
);
