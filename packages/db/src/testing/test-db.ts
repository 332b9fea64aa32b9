import { randomUUID } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { inject } from "vitest";
import type { Db } from "../create-db.ts";
import * as schema from "../schema/index.ts";
import { users } from "../schema/index.ts";

/** A pool on the test run's database (migrated by the global setup). Close it in afterAll. */
export function openTestDb(): { db: Db; pool: pg.Pool; url: string; close: () => Promise<void> } {
  const url = inject("databaseUrl");
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool, url, close: () => pool.end() };
}

/** Factory: a user row with a unique e-mail. Tests never share users. */
export async function createTestUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = randomUUID();
  const [user] = await db
    .insert(users)
    .values({ id, name: "Test User", email: `user-${id}@example.test`, ...overrides })
    .returning();
  return user!;
}
