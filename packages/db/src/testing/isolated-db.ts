import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { inject } from "vitest";
import type { Db } from "../create-db.ts";
import { endPool } from "../end-pool.ts";
import { MIGRATIONS_FOLDER, runMigrations } from "../migrate.ts";
import * as schema from "../schema/index.ts";

/**
 * A database of its own, on the test run's Postgres, migrated and dropped afterwards. For test
 * files that start workers: a worker takes any job in its database's queue, so files that share
 * a database would run each other's runs.
 *
 * A migrated one is a copy of the template the global setup migrated once (`migratedTemplate`):
 * a file copy in Postgres, instead of running every migration again for each file.
 *
 * `migratedBefore` (the end of a migration's tag, e.g. "_account_webhooks") stops the migrations
 * just before that one: a migration's test fills the old tables, then runs runMigrations itself.
 */
export async function createIsolatedTestDb(
  options: { migratedBefore?: string } = {},
): Promise<{ db: Db; pool: pg.Pool; url: string; close: () => Promise<void> }> {
  const base = new URL(inject("databaseUrl"));
  const name = `errand_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  const template = options.migratedBefore ? undefined : inject("migratedTemplate");
  await admin.connect();
  await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  if (options.migratedBefore) await migrateBefore(db, options.migratedBefore);
  else if (!template) await runMigrations(db);
  return {
    db,
    pool,
    url: url.toString(),
    async close() {
      // Every connection closed before the drop: a drop would terminate idle ones still closing.
      await endPool(pool);
      const dropper = new pg.Client({ connectionString: base.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/** Applies the migrations that come before the one whose tag ends with `tagEnd`. */
async function migrateBefore(db: Db, tagEnd: string) {
  const folder = await mkdtemp(path.join(tmpdir(), "errand-migrations-"));
  try {
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, "meta/_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tagEnd));
    if (at < 0) throw new Error(`No migration whose tag ends with ${tagEnd}`);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    await migrate(db, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
