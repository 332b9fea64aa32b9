import { randomUUID } from "node:crypto";
import { tasks, users } from "@errand/db";
import { createTestUser, openTestDb } from "@errand/db/testing";
import { afterAll, describe, expect, it } from "vitest";
import { makeTestContext, testCaller } from "../testing.ts";
import { getRun } from "../runs/get-run.ts";
import { describeError, queryName, scrubFailedQuery } from "./describe-error.ts";
import { createLogger } from "./logger.ts";
import { createPostgresLogFilter } from "./postgres-server-log.ts";

const { db, close } = openTestDb();
afterAll(close);

/** Runs `work`, which must fail, and returns what it threw. */
async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

function capture() {
  const lines: string[] = [];
  return { lines, log: createLogger("debug", (line) => lines.push(line)) };
}

describe("database errors in logs", () => {
  it("a unique violation logs its code, condition, query name and constraint, never the values", async () => {
    const user = await createTestUser(db);
    const secretEmail = `leak-${randomUUID()}@example.test`;
    const error = await failure(() => db.insert(users).values({ id: user.id, name: "Private Name", email: secretEmail }));
    const { lines, log } = capture();
    log.error("could not create the user", { error });

    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"code":"23505"');
    expect(lines[0]).toContain('"condition":"unique_violation"');
    expect(lines[0]).toContain('"query":"insert into \\"users\\""');
    expect(lines[0]).toContain('"constraint":"users_pkey"');
    for (const value of [user.id, secretEmail, "Private Name", "Failed query", "params"]) expect(lines[0]).not.toContain(value);
  });

  it("a value Postgres rejects (through a verb) is not quoted: the message that would quote it is left out", async () => {
    const badId = `not-a-uuid-${randomUUID()}`;
    const userId = `caller-${randomUUID()}`;
    const ctx = makeTestContext(db);
    const error = await failure(() => getRun({ ctx, caller: testCaller(userId), input: { runId: badId } }));
    // What drizzle and Postgres put in the error: every value.
    expect(String((error as Error).message)).toContain(badId);

    const fields = describeError(error);
    expect(fields).toEqual({
      kind: "database",
      code: "22P02",
      condition: "invalid_text_representation",
      query: 'select from "tasks_runs"',
    });
    const { lines, log } = capture();
    log.error("run lookup failed", { error });
    expect(lines[0]).not.toContain(badId);
    expect(lines[0]).not.toContain(userId);
  });

  it("NUL in text (Postgres refuses it) is logged as the code, not the prompt", async () => {
    const user = await createTestUser(db);
    const prompt = `my private prompt ${randomUUID()}\u0000`;
    const error = await failure(() => db.insert(tasks).values({ userId: user.id, workspaceId: user.id, prompt }).returning());
    const { lines, log } = capture();
    log.error("could not save the task", { error });
    expect(lines[0]).toContain('"code":"22021"');
    expect(lines[0]).toContain('"query":"insert into \\"tasks\\""');
    expect(lines[0]).not.toContain("my private prompt");
  });

  it("keeps the message of errors whose class never quotes values (a missing table)", async () => {
    const error = await failure(() => db.execute("select * from no_such_table_here"));
    expect(describeError(error)).toMatchObject({
      code: "42P01",
      condition: "undefined_table",
      message: expect.stringContaining("no_such_table_here"),
    });
  });

  it("names a query by its verb and table", () => {
    expect(queryName('insert into "tasks_runs" ("id", "prompt") values ($1, $2)')).toBe('insert into "tasks_runs"');
    expect(queryName('update "users" set "name" = $1 where "users"."id" = $2')).toBe('update "users"');
    expect(queryName('delete from "sessions" where "token" = $1')).toBe('delete from "sessions"');
    expect(queryName('select "id", "prompt" from "tasks" where "tasks"."user_id" = $1 for update')).toBe('select from "tasks"');
    expect(queryName('with "held" as (select "id" from "tasks_runs" where "status" = $1) update "user_credits" set "x" = $2')).toBe(
      'update "user_credits"',
    );
    expect(queryName("begin")).toBe("begin");
  });

  it("cuts drizzle's parameters out of any text that quotes a failed query", () => {
    const text = 'could not save: Failed query: insert into "tasks" ("prompt") values ($1)\nparams: secret prompt,\nmore';
    expect(scrubFailedQuery(text)).toBe('could not save: Failed query (insert into "tasks"); parameters not logged');
    expect(scrubFailedQuery("nothing to see")).toBe("nothing to see");
  });
});

describe("the embedded Postgres's own output", () => {
  it("drops the reports of failed statements (DETAIL quotes values), continuation lines included", () => {
    const filter = createPostgresLogFilter();
    const server = (line: string) => filter(`[postgres] ${line}`);
    const kept = [
      ...server("2026-01-01 10:00:00.000 UTC [42] LOG:  database system is ready to accept connections"),
      ...server('2026-01-01 10:00:01.000 UTC [43] ERROR:  duplicate key value violates unique constraint "users_email_unique"'),
      ...server("2026-01-01 10:00:01.000 UTC [43] DETAIL:  Key (email)=(ada@example.com) already exists."),
      ...server('2026-01-01 10:00:01.000 UTC [43] STATEMENT:  insert into "tasks" ("prompt") values ($1)'),
      ...server("\tsecond line of the statement"),
      ...filter("Creating the database cluster in /data"),
      ...filter(
        '2026-01-01 10:00:02.000 UTC [43] ERROR:  invalid input syntax for type uuid: "secret"\n2026-01-01 10:00:03.000 UTC [42] LOG:  checkpoint starting: time',
      ),
    ];
    expect(kept).toEqual([
      "[postgres] 2026-01-01 10:00:00.000 UTC [42] LOG:  database system is ready to accept connections",
      "Creating the database cluster in /data",
      "2026-01-01 10:00:03.000 UTC [42] LOG:  checkpoint starting: time",
    ]);
  });
});
