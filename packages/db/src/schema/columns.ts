import { timestamp, uuid } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Columns most tables share, written once. Each is a function: drizzle needs a fresh builder per
// table. Using one changes no generated SQL (drizzle-kit generate finds nothing to migrate).

/** A random uuid primary key. */
export const randomId = () => uuid("id").primaryKey().defaultRandom();

/** When the row was made. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When the row was made and last changed. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A required link to a parent row that goes when the parent goes. */
export const cascadeTo = (name: string, parent: () => AnyPgColumn) => uuid(name).notNull().references(parent, { onDelete: "cascade" });
