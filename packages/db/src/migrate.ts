import path from "node:path";
import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../migrations");

/** Applies pending migrations. drizzle's migrator takes an advisory lock, so concurrent starts are safe. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function runMigrations(db: NodePgDatabase<any>): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
