import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

import { timestamps } from "./columns.ts";
import { workspaceRow } from "./owner-column.ts";

/**
 * The credential vault (docs/api.md, "Credentials"): site logins the agent types by placeholder
 * (`{{secret:name.password}}`). Username, password and TOTP secret are AES-256-GCM ciphertext
 * like the other secrets; only the name and the domains it may be typed on are plain.
 */
export const credentials = pgTable(
  "credentials",
  {
    ...workspaceRow(),
    /** A lowercase slug ("github-work"): what placeholders and tasks name it by. */
    name: text("name").notNull(),
    /** Hostnames it may be typed on; "*.example.com" also matches example.com's subdomains. */
    domains: text("domains").array().notNull(),
    usernameCiphertext: text("username_ciphertext").notNull(),
    passwordCiphertext: text("password_ciphertext").notNull(),
    totpSecretCiphertext: text("totp_secret_ciphertext"),
    /** The IMAP mailbox codes arrive in (host, port, TLS, login, password, folder, sender) as sealed JSON; null: none (docs/adr/0053-*). */
    mailboxCiphertext: text("mailbox_ciphertext"),
    ...timestamps(),
  },
  // One name per workspace; the vault lists by name. user_id keeps an index for its foreign key.
  (t) => [uniqueIndex("credentials_workspace_name_idx").on(t.workspaceId, t.name), index("credentials_user_idx").on(t.userId)],
);
