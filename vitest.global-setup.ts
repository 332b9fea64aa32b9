import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, runMigrations } from "@errand/db";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { startQueue } from "@errand/services/queue";
import { PgBoss } from "pg-boss";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A database migrated once, that createIsolatedTestDb copies (nobody connects to it). */
    migratedTemplate: string;
  }
}

/**
 * One real Postgres for the whole test run: TEST_DATABASE_URL / DATABASE_URL when given,
 * else an embedded server in a temp dir, removed afterwards. Migrations, pg-boss's schema and
 * the queues are installed once here, so test files starting in parallel find them ready.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const dataDir = external ? undefined : await mkdtemp(path.join(tmpdir(), "errand-test-db-"));
  if (dataDir) await chmod(dataDir, 0o755);
  const database = await createDb({ databaseUrl: external, dataDir: dataDir ?? tmpdir(), poolSize: 2 });
  const boss = new PgBoss({ connectionString: database.url, max: 2 });
  await startQueue(boss, (text) => database.pool.query(text));
  await boss.stop({ graceful: false });
  project.provide("databaseUrl", database.url);
  const template = await createMigratedTemplate(database.url);
  project.provide("migratedTemplate", template.name);
  await database.pool.end();
  return async () => {
    await template.drop();
    await database.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

/**
 * The database isolated test databases are copied from: migrated here once, then left without a
 * connection (Postgres copies a template only while no one is connected to it). A copy takes
 * about a tenth of a second where running every migration took about two.
 */
async function createMigratedTemplate(url: string) {
  const name = `errand_template_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 });
  try {
    await runMigrations(drizzle(pool));
  } finally {
    await pool.end();
  }
  return {
    name,
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}
