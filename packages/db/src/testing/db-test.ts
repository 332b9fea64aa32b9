import { test } from "vitest";
import type { Db } from "../create-db.ts";
import { createIsolatedTestDb } from "./isolated-db.ts";
import { openTestDb } from "./test-db.ts";

/** How a file's database is made: the run's shared one, or one of its own (docs/adr/0028-test-fixtures.md). */
export interface TestDatabaseOptions {
  /** A database of this file's own, dropped afterwards: for files that start workers or count rows. */
  isolated?: boolean;
  /** An isolated database migrated up to just before this migration (see createIsolatedTestDb). */
  migratedBefore?: string;
}

/** A file's database: its client, its pool and its URL. Closed after the file by the fixture. */
export type TestDatabase = Omit<ReturnType<typeof openTestDb>, "close">;

/**
 * vitest's test with the database fixtures, each set up once per file and only if a test asks:
 * `database` (client, pool, URL) and `db` (its client). A file that needs a database of its own
 * extends it: `dbTest.extend("databaseOptions", { scope: "file" }, { isolated: true })`.
 */
export const dbTest = test
  .extend("databaseOptions", { scope: "file" }, {} as TestDatabaseOptions)
  .extend("database", { scope: "file" }, async ({ databaseOptions }, { onCleanup }): Promise<TestDatabase> => {
    const { isolated, migratedBefore } = databaseOptions;
    const opened = isolated || migratedBefore ? await createIsolatedTestDb({ migratedBefore }) : openTestDb();
    onCleanup(() => opened.close());
    return { db: opened.db, pool: opened.pool, url: opened.url };
  })
  .extend("db", { scope: "file" }, ({ database }): Db => database.db);

/**
 * A migration's test file: `it` with a database of the file's own, migrated up to just before
 * `migratedBefore`, and `file`, its client and pool from the file's first test on (the file's
 * helpers fill the tables as they were, with plain SQL, then run the rest of the migrations).
 */
export function migrationTest(migratedBefore: string) {
  const it = dbTest.extend("databaseOptions", { scope: "file" }, { migratedBefore });
  const file = {} as TestDatabase;
  it.beforeAll(({ database }) => {
    Object.assign(file, database);
  });
  return { it, file };
}
