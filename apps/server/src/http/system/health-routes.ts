import type { Database } from "@errand/db";
import { sql } from "drizzle-orm";
import { Hono } from "hono";

/** Liveness and readiness: the database must answer. */
export function healthRoutes(database: Pick<Database, "db">) {
  return new Hono().get("/health", async (c) => {
    try {
      await database.db.execute(sql`select 1`);
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "unavailable", reason: "database not reachable" }, 503);
    }
  });
}
