import { apiKeys } from "@errand/db";
import { CallerCache } from "@errand/services/accounts";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../../testing/app-test.ts";
import { createTestApp, json, type TestApp } from "../../testing/test-app.ts";

const it = appTestWithoutQueue;
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

/** A person and a named key of theirs, made through the API: the key's headers and its id. */
async function namedKey(body: Record<string, unknown>) {
  const owner = await t.newCaller();
  const res = await t.send("POST", "/api/v1/api-keys", owner.headers, body);
  expect(res.status).toBe(201);
  const made = await json(res);
  return { owner, made, headers: { "x-api-key": made.secret as string, "content-type": "application/json" } };
}

const errorOf = async (res: Response) => (await json(res)).error;

describe("named API keys API", () => {
  it("makes a read key whose secret is shown once: it reads, and gets 403 naming the run scope on POST /runs", async () => {
    const { owner, made, headers } = await namedKey({ name: "dashboard", scopes: ["read"], expires_in_days: 7 });
    expect(made).toMatchObject({ name: "dashboard", scopes: ["read"], created_by: { user_id: owner.userId, email: owner.email } });

    expect((await t.send("GET", "/api/v1/runs", { ...headers, "x-forwarded-for": "203.0.113.9" })).status).toBe(200);
    const refused = await t.send("POST", "/api/v1/runs", headers, { prompt: "Check prices" });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: "forbidden", message: "This API key lacks the run scope" });
    const listing = await t.send("GET", "/api/v1/api-keys", headers);
    expect(listing.status).toBe(403);
    expect((await errorOf(listing)).message).toBe("This API key lacks the manage scope");

    const personal = await t.send("GET", "/api/v1/account/api-key", headers);
    expect(personal.status).toBe(403);
    expect((await errorOf(personal)).message).toBe(
      "A named API key cannot reveal the personal API key: use your personal key or the web app",
    );

    const listed = await json(await t.send("GET", "/api/v1/api-keys", owner.headers));
    const { secret: _once, ...shown } = made;
    expect(listed).toEqual({ api_keys: [{ ...shown, last_used_at: expect.any(String), last_used_ip: "203.0.113.9" }] });
    expect(JSON.stringify(listed)).not.toContain(made.secret);
  });

  it("revokes a key (204, again 204): it is 401 from the next request; another workspace's key is 404", async () => {
    const { owner, made, headers } = await namedKey({ name: "ci", scopes: ["read", "run"] });
    expect((await t.send("GET", "/api/v1/runs", headers)).status).toBe(200);
    const stranger = await t.newCaller();
    expect((await t.send("DELETE", `/api/v1/api-keys/${made.id}`, stranger.headers)).status).toBe(404);
    expect((await t.send("GET", "/api/v1/runs", headers)).status).toBe(200);

    expect((await t.send("DELETE", `/api/v1/api-keys/${made.id}`, owner.headers)).status).toBe(204);
    expect((await t.send("DELETE", `/api/v1/api-keys/${made.id}`, owner.headers)).status).toBe(204);
    const after = await t.send("GET", "/api/v1/runs", headers);
    expect(after.status).toBe(401);
    expect(await errorOf(after)).toEqual({ code: "unauthorized", message: "Invalid API key" });
    expect(await json(await t.send("GET", "/api/v1/api-keys", owner.headers))).toEqual({ api_keys: [] });
  });

  it("answers an expired key 401 saying it expired", async () => {
    const { made, headers } = await namedKey({ name: "short", scopes: ["read"], expires_in_days: 1 });
    await t.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, made.id));
    const res = await t.send("GET", "/api/v1/runs", headers);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ code: "unauthorized", message: "API key expired" });
  });

  it("says what is wrong with a new key, field by field", async () => {
    const owner = await t.newCaller();
    const res = await t.send("POST", "/api/v1/api-keys", owner.headers, { name: "", scopes: ["admin"], expires_in_days: 0 });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(((await errorOf(res)).fields as { path: string; message: string }[]).map((f) => [f.path, f.message]));
    expect(fields).toEqual({
      name: "name is required",
      "scopes.0": "each scope must be read, run or manage",
      expires_in_days: "expires_in_days must be at least 1",
    });
  });

  it("is refused by the server that revoked it at once, and by a second server on the same database within a second", async () => {
    const { owner, made, headers } = await namedKey({ name: "everywhere", scopes: ["read"] });
    // Another server process: its own app, connection pool and caller cache (on a clock of ours).
    let now = Date.now();
    const other = await createTestApp({ callerCache: new CallerCache({ now: () => now }) });
    try {
      expect((await other.send("GET", "/api/v1/runs", headers)).status).toBe(200);
      expect((await t.send("GET", "/api/v1/runs", headers)).status).toBe(200);
      expect((await t.send("DELETE", `/api/v1/api-keys/${made.id}`, owner.headers)).status).toBe(204);
      expect((await t.send("GET", "/api/v1/runs", headers)).status).toBe(401);
      // docs/adr/0055-api-reads-at-one-query.md: the other server may answer from its caller for the rest of the second.
      expect((await other.send("GET", "/api/v1/runs", headers)).status).toBe(200);
      now += 1_001;
      expect((await other.send("GET", "/api/v1/runs", headers)).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
