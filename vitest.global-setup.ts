import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb } from "@errand/db";
import { startQueue } from "@errand/services/queue";
import { PgBoss } from "pg-boss";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
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
  await database.pool.end();
  return async () => {
    await database.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
