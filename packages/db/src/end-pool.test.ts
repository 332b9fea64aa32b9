import pg from "pg";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { endPool } from "./end-pool.ts";

async function sessionsOf(admin: pg.Client, applicationName: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name = $1", [
    applicationName,
  ]);
  return rows[0]!.n;
}

describe("ending a pool", () => {
  it("resolves only once the database holds none of its connections", async () => {
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    try {
      for (let round = 0; round < 5; round += 1) {
        const applicationName = `end-pool-test-${process.pid}-${round}`;
        const pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 4, application_name: applicationName });
        // Four connections at once, all idle again when the pool ends.
        await Promise.all([1, 2, 3, 4].map(() => pool.query("select pg_sleep(0.02)")));
        expect(pool.idleCount).toBe(4);
        expect(await sessionsOf(admin, applicationName)).toBe(4);
        await endPool(pool);
        expect(await sessionsOf(admin, applicationName)).toBe(0);
      }
    } finally {
      await admin.end();
    }
  });
});
