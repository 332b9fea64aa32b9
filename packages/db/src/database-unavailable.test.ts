import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable.ts";
import { openTestDb } from "./testing/test-db.ts";

const { db, url, close } = openTestDb();
afterAll(async () => close());

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

/** A port nothing listens on (taken, then released). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe("isDatabaseUnavailable", () => {
  it("is true for a refused connection, also wrapped by drizzle", async () => {
    const target = new URL(url);
    target.port = String(await closedPort());
    const pool = new pg.Pool({ connectionString: target.toString() });
    const error = await failureOf(drizzle(pool).execute(sql`select 1`));
    await pool.end();
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is true for a connection the server ended", async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => undefined);
    await client.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    await db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
    const error = await failureOf(client.query("select 1"));
    await client.end().catch(() => undefined);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is false for a query that is wrong, and for anything else", async () => {
    expect(isDatabaseUnavailable(await failureOf(db.execute(sql`select * from no_such_table`)))).toBe(false);
    expect(isDatabaseUnavailable(await failureOf(db.execute(sql`select 1/0`)))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Something else"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
