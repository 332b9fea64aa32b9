import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../../testing/app-test.ts";
import { json, TEST_BASE_URL, type TestApp } from "../../testing/test-app.ts";

const it = appTestWithoutQueue;
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

/** The web app's requests from `ip`: the session cookie, from our own origin. */
const web = (cookie: string, ip: string) => ({ cookie, origin: TEST_BASE_URL, "content-type": "application/json", "x-forwarded-for": ip });

describe("GET /audit-events", () => {
  it("shows the workspace's events newest first with who, how and from where, filtered by action, never a secret", async () => {
    const owner = await t.newCaller();
    const made = await t.send("POST", "/api/v1/api-keys", web(owner.cookie, "203.0.113.5"), {
      name: "zapier",
      scopes: ["read", "run", "manage"],
    });
    expect(made.status).toBe(201);
    const key = await json(made);
    const password = `pw-${crypto.randomUUID()}`;
    const asKey = { "x-api-key": key.secret as string, "content-type": "application/json", "x-forwarded-for": "198.51.100.7" };
    const credential = await t.send("POST", "/api/v1/credentials", asKey, {
      name: "crm",
      domains: ["crm.example"],
      username: "ops@example.com",
      password,
    });
    expect(credential.status).toBe(201);

    const res = await t.send("GET", "/api/v1/audit-events", web(owner.cookie, "203.0.113.5"));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      audit_events: [
        {
          id: expect.any(String),
          at: expect.any(String),
          action: "credential.created",
          actor: { user_id: owner.userId, email: owner.email, via: "api-key", api_key_id: key.id },
          ip: "198.51.100.7",
          target: { type: "credential", id: (await json(credential)).id, label: "crm" },
          details: { domains: ["crm.example"], mailbox: false, totp: false },
        },
        {
          id: expect.any(String),
          at: expect.any(String),
          action: "api_key.created",
          actor: { user_id: owner.userId, email: owner.email, via: "session", api_key_id: null },
          ip: "203.0.113.5",
          target: { type: "api_key", id: key.id, label: "zapier" },
          details: { scopes: ["read", "run", "manage"], expires_at: null },
        },
      ],
      next_cursor: null,
    });
    expect(JSON.stringify(body)).not.toContain(key.secret);
    expect(JSON.stringify(body)).not.toContain(password);

    const onlyKeys = await json(await t.send("GET", "/api/v1/audit-events?action=api_key.created&limit=1", owner.headers));
    expect(onlyKeys.audit_events.map((e: { action: string }) => e.action)).toEqual(["api_key.created"]);
    const page = await json(await t.send("GET", "/api/v1/audit-events?limit=1", owner.headers));
    const next = await json(await t.send("GET", `/api/v1/audit-events?limit=1&cursor=${page.next_cursor}`, owner.headers));
    expect([...page.audit_events, ...next.audit_events].map((e: { action: string }) => e.action)).toEqual([
      "credential.created",
      "api_key.created",
    ]);
    expect(next.next_cursor).toBeNull();

    // Another account sees only its own (empty) log.
    const stranger = await t.newCaller();
    expect(await json(await t.send("GET", "/api/v1/audit-events", stranger.headers))).toEqual({ audit_events: [], next_cursor: null });
  });

  it("refuses a key without the manage scope (403) and an unknown action (400)", async () => {
    const owner = await t.newCaller();
    const readKey = await json(await t.send("POST", "/api/v1/api-keys", owner.headers, { name: "dashboard", scopes: ["read"] }));
    const refused = await t.send("GET", "/api/v1/audit-events", { "x-api-key": readKey.secret });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toEqual({ code: "forbidden", message: "This API key lacks the manage scope" });

    const bad = await t.send("GET", "/api/v1/audit-events?action=key.stolen", owner.headers);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toEqual([{ path: "action", message: "action must be one of the audit actions" }]);
  });
});
