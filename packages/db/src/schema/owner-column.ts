import { text } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** The account a row belongs to; the row goes when the account goes. */
export const ownerId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
