import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { inject } from "vitest";
import type { Db } from "../create-db.ts";
import { runMigrations } from "../migrate.ts";
import * as schema from "../schema/index.ts";

/**
 * A database of its own, on the test run's Postgres, migrated and dropped afterwards. For test
 * files that start workers: a worker takes any job in its database's queue, so files that share
 * a database would run each other's runs.
 */
export async function createIsolatedTestDb(): Promise<{ db: Db; pool: pg.Pool; url: string; close: () => Promise<void> }> {
  const base = new URL(inject("databaseUrl"));
  const name = `errand_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  await runMigrations(db);
  return {
    db,
    pool,
    url: url.toString(),
    async close() {
      await pool.end();
      const dropper = new pg.Client({ connectionString: base.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
