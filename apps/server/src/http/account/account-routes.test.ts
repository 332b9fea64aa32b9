import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../../testing/app-test.ts";
import { teamWorkspace } from "../../testing/team-workspace.ts";
import { cookiesFrom, TEST_BASE_URL, json, uniqueEmail, type TestApp } from "../../testing/test-app.ts";

const admin = uniqueEmail("admin");
const it = appTestWithoutQueue.extend("appOptions", { adminEmails: [admin] });
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

async function signUp(email = uniqueEmail()) {
  const res = await t.app.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_BASE_URL, "x-forwarded-for": t.freshIp() },
    body: JSON.stringify({ email, password: "secret1" }),
  });
  expect(res.status).toBe(200);
  return { email, cookie: cookiesFrom(res) };
}

describe("account API", () => {
  it("401 without a session or key, in the one error shape", async () => {
    const res = await t.app.request("/api/v1/account");
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe("unauthorized");
    expect((await t.app.request("/api/v1/account", { headers: { "x-api-key": "errand_sk_nope" } })).status).toBe(401);
  });

  it("reveals the owner's API key, which then authenticates the API", async () => {
    const { email, cookie } = await signUp();
    const reveal = await t.app.request("/api/v1/account/api-key", { headers: { cookie } });
    expect(reveal.headers.get("cache-control")).toBe("no-store");
    const { api_key } = await json(reveal);
    const viaKey = await t.app.request("/api/v1/account", { headers: { "x-api-key": api_key } });
    expect((await json(viaKey)).email).toBe(email);
  });

  it("gives the owner a stable webhook signing secret, by session or key", async () => {
    const caller = await t.newCaller();
    const bySession = await json(await t.app.request("/api/v1/account/webhook-secret", { headers: { cookie: caller.cookie } }));
    expect(bySession.webhook_secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const byKey = await t.app.request("/api/v1/account/webhook-secret", { headers: caller.headers });
    expect(byKey.headers.get("cache-control")).toBe("no-store");
    expect(await json(byKey)).toEqual(bySession);
    const other = await t.newCaller();
    expect((await json(await t.app.request("/api/v1/account/webhook-secret", { headers: other.headers }))).webhook_secret).not.toBe(
      bySession.webhook_secret,
    );
  });

  it("refuses a cookie-authenticated write from another site (CSRF)", async () => {
    const { cookie } = await signUp();
    const cross = await t.app.request("/api/v1/account/api-key/rotate", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    const same = await t.app.request("/api/v1/account/api-key/rotate", {
      method: "POST",
      headers: { cookie, origin: TEST_BASE_URL },
    });
    expect(same.status).toBe(200);
  });

  it("lets a member or viewer regenerate their own personal key while their session shows a team workspace", async () => {
    const ada = await t.newCaller();
    const bob = await t.newCaller();
    const cy = await t.newCaller();
    const team = await teamWorkspace(t, ada, [
      [bob, "member"],
      [cy, "viewer"],
    ]);
    for (const person of [bob, cy]) {
      const rotated = await t.app.request("/api/v1/account/api-key/rotate", { method: "POST", headers: team.as(person) });
      expect(rotated.status).toBe(200);
      const { api_key } = await json(rotated);
      // The new key opens their own account; the old one stopped working at once.
      expect((await json(await t.app.request("/api/v1/account", { headers: { "x-api-key": api_key } }))).id).toBe(person.userId);
      expect((await t.app.request("/api/v1/account", { headers: person.headers })).status).toBe(401);
    }
  });

  it("deletes the account (204) unless it is a team workspace's last owner (409 naming the workspace)", async () => {
    const ada = await t.newCaller();
    const bob = await t.newCaller();
    await teamWorkspace(t, ada, [[bob, "member"]], "Growth");
    const session = (person: { cookie: string }) => ({ cookie: person.cookie, "sec-fetch-site": "same-origin" });

    const refused = await t.app.request("/api/v1/account", { method: "DELETE", headers: session(ada) });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toBe(
      'You are the last owner of the workspace "Growth": make another member an owner or delete the workspace, then delete your account',
    );
    const deleted = await t.app.request("/api/v1/account", { method: "DELETE", headers: bob.headers });
    expect(deleted.status).toBe(204);
    expect((await t.app.request("/api/v1/account", { headers: bob.headers })).status).toBe(401);
    expect((await t.app.request("/api/v1/account", { headers: session(ada) })).status).toBe(200);
  });

  it("marks the configured admin", async () => {
    const { cookie } = await signUp(admin);
    expect((await json(await t.app.request("/api/v1/account", { headers: { cookie } }))).isAdmin).toBe(true);
  });

  it("unknown API paths are JSON 404s", async () => {
    const res = await t.app.request("/api/v1/nothing-here", { headers: { "x-api-key": "x" } });
    expect([401, 404]).toContain(res.status);
    const other = await t.app.request("/api/nothing");
    expect(other.status).toBe(404);
    expect((await json(other)).error.code).toBe("not_found");
  });
});
