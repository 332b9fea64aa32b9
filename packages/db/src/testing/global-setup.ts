import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDb } from "../create-db.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One real Postgres for the whole test run: TEST_DATABASE_URL / DATABASE_URL when given,
 * else an embedded server in a temp dir, removed afterwards. Migrations are applied once.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const dataDir = external ? undefined : await mkdtemp(path.join(tmpdir(), "errand-test-db-"));
  if (dataDir) await chmod(dataDir, 0o755);
  const database = await createDb({ databaseUrl: external, dataDir: dataDir ?? tmpdir(), poolSize: 2 });
  project.provide("databaseUrl", database.url);
  await database.pool.end();
  return async () => {
    await database.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
