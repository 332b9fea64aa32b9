import { randomUUID } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { inject } from "vitest";
import type { Db } from "../create-db.ts";
import * as schema from "../schema/index.ts";
import { users, workspaceMembers, workspaces } from "../schema/index.ts";

/** A pool on the test run's database (migrated by the global setup). Close it in afterAll. */
export function openTestDb(): { db: Db; pool: pg.Pool; url: string; close: () => Promise<void> } {
  const url = inject("databaseUrl");
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool, url, close: () => pool.end() };
}

/**
 * Factory: a user row with a unique e-mail and, as sign-up leaves it, their personal workspace
 * (its id is the user's) with them as owner. Tests never share users.
 */
export async function createTestUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ id, name: "Test User", email: `user-${id}@example.test`, ...overrides })
      .returning();
    await tx.insert(workspaces).values({ id: user!.id, name: "Personal", kind: "personal", personalUserId: user!.id });
    await tx.insert(workspaceMembers).values({ workspaceId: user!.id, userId: user!.id, role: "owner" });
    return user!;
  });
}
