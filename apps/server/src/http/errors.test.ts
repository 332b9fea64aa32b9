import { randomUUID } from "node:crypto";
import { openTestDb } from "@errand/db/testing";
import { createLogger } from "@errand/services/logging";
import { getRun } from "@errand/services/runs";
import { makeTestContext, testCaller } from "@errand/services/testing";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { handleError } from "./errors.ts";

const { db, close } = openTestDb();
afterAll(close);

describe("unexpected errors", () => {
  it("a failed query is logged with its code and query name, never its parameters, and answered with a bare 500", async () => {
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line));
    const ctx = makeTestContext(db);
    const app = new Hono();
    app.onError(handleError(log));
    // A verb given a value Postgres rejects: drizzle's error quotes every parameter, Postgres's message the bad one.
    app.post("/lookup", async (c) => {
      const { userId, runId } = await c.req.json<{ userId: string; runId: string }>();
      return c.json(await getRun({ ctx, caller: testCaller(userId), input: { runId } }));
    });

    const userId = `private-user-${randomUUID()}`;
    const runId = `not-a-uuid-${randomUUID()}`;
    const res = await app.request("/lookup", { method: "POST", body: JSON.stringify({ userId, runId }) });

    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: "internal_error", message: "Something went wrong on our side. Please try again." } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("ERROR unhandled error");
    expect(lines[0]).toContain('"path":"/lookup","method":"POST"');
    expect(lines[0]).toContain('"code":"22P02","condition":"invalid_text_representation","query":"select from \\"tasks_runs\\""');
    expect(lines[0]).not.toContain(userId);
    expect(lines[0]).not.toContain(runId);
    expect(lines[0]).not.toMatch(/Failed query|params:/);
  });

  it("any other error keeps its message and stack frames, on one line", async () => {
    const lines: string[] = [];
    const app = new Hono();
    app.onError(handleError(createLogger("info", (line) => lines.push(line))));
    app.get("/boom", () => {
      throw new TypeError("cannot read x\r\n2026-01-01T00:00:00.000Z INFO  forged");
    });
    expect((await app.request("/boom")).status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"message":"TypeError: cannot read x\\r\\n2026-01-01T00:00:00.000Z INFO  forged"');
    expect(lines[0]).toMatch(/"stack":"at /);
  });
});
