import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { StickyProxy } from "@errand/contract";
import { randomId, timestamps } from "./columns.ts";
import { madeBy, workspaceId } from "./owner-column.ts";

/** A saved login. The browser state is AES-256-GCM ciphertext, never plain. */
export const authContexts = pgTable(
  "auth_contexts",
  {
    id: randomId(),
    userId: madeBy(),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    urls: text("urls").array().notNull().default([]),
    encryptedState: text("encrypted_state"),
    /** The proxy the login was made through (ADR 0010): its pool, proxy and session id, reused by its runs. Null: the default. */
    proxy: jsonb("proxy").$type<StickyProxy>(),
    ...timestamps(),
  },
  // Auth contexts page: a user's contexts ordered by name.
  (t) => [index("auth_contexts_user_name_idx").on(t.userId, t.name), index("auth_contexts_workspace_name_idx").on(t.workspaceId, t.name)],
);
