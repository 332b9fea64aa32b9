import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createBrowserManager, type BrowserManager } from "@errand/agent";
import { LIVE_CLOSE } from "@errand/contract";
import { authContexts } from "@errand/db";
import { createLiveRuns, createLiveSessions, signViewerToken, type LiveServices, type SavedState } from "@errand/services/live";
import { openSecret } from "@errand/services/secrets";
import { silentLogger } from "@errand/services/logging";
import { DEMO_USER, SESSION_COOKIE, startFixtureSites, testBrowserPath, type FixtureSites } from "@errand/testkit";
import { loginBrowserOpener } from "@errand/worker";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachLiveViewSocket } from "../../live/live-view-socket.ts";
import { connectTestViewer, pressKey, typeText, type TestViewer } from "../../testing/live-client.ts";
import { createTestApp, json, TEST_BASE_URL } from "../../testing/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
let sites: FixtureSites;
let browsers: BrowserManager;
let server: Server;
let serverUrl: string;
let live: LiveServices;

const limits = { idleMs: 60_000, maxMs: 120_000, perUser: 2 };
function liveServices(overrides: { allowPrivate?: boolean; limits?: Partial<typeof limits>; tokenTtlMs?: number } = {}): LiveServices {
  return {
    sessions: createLiveSessions({
      open: loginBrowserOpener(browsers, { allowPrivate: overrides.allowPrivate ?? true }),
      limits: { ...limits, ...overrides.limits },
      log: silentLogger,
    }),
    runs: createLiveRuns(),
    tokenKey: randomBytes(32),
    tokenTtlMs: overrides.tokenTtlMs ?? 60_000,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  sites = await startFixtureSites();
  browsers = createBrowserManager({ browserPath: testBrowserPath() });
  live = liveServices();
  t.ctx.live = live;
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise((resolve) => server.once("listening", resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  attachLiveViewSocket(server, t.ctx, TEST_BASE_URL);
});

afterAll(async () => {
  await live.sessions.closeAll();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await browsers.close();
  await sites.close();
  await t.close();
});

type Caller = Awaited<ReturnType<typeof t.newCaller>>;
const post = (caller: Caller, path: string, body: unknown) =>
  t.app.request(`/api/v1${path}`, { method: "POST", headers: caller.headers, body: JSON.stringify(body) });
const get = (caller: Caller, path: string) => t.app.request(`/api/v1${path}`, { headers: caller.headers });
const put = (caller: Caller, path: string, body: unknown) =>
  t.app.request(`/api/v1${path}`, { method: "PUT", headers: caller.headers, body: JSON.stringify(body) });
const del = (caller: Caller, path: string) => t.app.request(`/api/v1${path}`, { method: "DELETE", headers: caller.headers });

/** Opens a login session on the fixture's login page and connects its viewer. */
async function openSession(caller: Caller) {
  const res = await post(caller, "/auth-contexts/sessions", { urls: [`${sites.url}/login`] });
  expect(res.status).toBe(201);
  const session = (await json(res)) as { id: string; debug_url: string; expires_at: string };
  const viewer = await connectTestViewer(serverUrl, session.debug_url);
  return { session, viewer };
}

async function logInThroughViewer(viewer: TestViewer) {
  await viewer.waitFor(() => viewer.messages.find((m) => m.type === "state" && m.url.endsWith("/login") && !m.loading), "the login page");
  await viewer.waitFor(() => viewer.frames > 0, "a first frame");
  // The e-mail field has autofocus: the person types, tabs to the password and presses Enter.
  typeText(viewer, DEMO_USER.email);
  pressKey(viewer, "Tab");
  typeText(viewer, DEMO_USER.password);
  pressKey(viewer, "Enter");
  await viewer.waitFor(() => viewer.messages.find((m) => m.type === "state" && m.url.endsWith("/account")), "the account page", 10_000);
}

describe("auth contexts through the live browser", () => {
  it("saves a login typed through the viewer, encrypted, and closes the session", async () => {
    const owner = await t.newCaller();
    const { session, viewer } = await openSession(owner);
    expect(session.debug_url).toMatch(new RegExp(`^${TEST_BASE_URL}/live/sessions/${session.id}#token=`));
    await logInThroughViewer(viewer);

    const res = await post(owner, "/auth-contexts", { name: "Fixture shop", urls: [`${sites.url}/login`], session_id: session.id });
    expect(res.status).toBe(201);
    const saved = await json(res);
    expect(saved).toMatchObject({ name: "Fixture shop", urls: [`${sites.url}/login`] });
    expect(saved).not.toHaveProperty("encrypted_state");

    // The viewer is told the session ended, and the session is gone.
    await viewer.waitFor(() => viewer.messages.find((m) => m.type === "ended" && m.reason === "saved"), "the ended message");
    expect(live.sessions.get(session.id)).toBeUndefined();

    const [row] = await t.ctx.db.select().from(authContexts).where(eq(authContexts.id, saved.id));
    const blob = row!.encryptedState!;
    expect(blob).not.toContain(SESSION_COOKIE);
    expect(blob).not.toContain("sess-");
    expect(blob).not.toContain(DEMO_USER.email);
    const state = JSON.parse(openSecret(t.ctx, blob)) as SavedState;
    const cookie = state.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toMatch(/^sess-/);

    const read = await json(await get(owner, `/auth-contexts/${saved.id}`));
    expect(read).toEqual(saved);
    expect((await json(await get(owner, "/auth-contexts"))).auth_contexts.map((c: { id: string }) => c.id)).toEqual([saved.id]);
  });

  it("keeps everything of one user from another", async () => {
    const owner = await t.newCaller();
    const other = await t.newCaller();
    const { session, viewer } = await openSession(owner);
    await logInThroughViewer(viewer);

    // Someone else can neither save nor close the owner's session.
    expect((await post(other, "/auth-contexts", { name: "Stolen", urls: [`${sites.url}/login`], session_id: session.id })).status).toBe(
      404,
    );
    expect((await del(other, `/auth-contexts/sessions/${session.id}`)).status).toBe(404);
    // Nor open its viewer with a token minted for themselves.
    const forged = signViewerToken(live.tokenKey, { kind: "session", id: session.id, owner: other.userId, exp: Date.now() + 60_000 });
    const intruder = await connectTestViewer(serverUrl, forged);
    await intruder.waitFor(() => intruder.closed, "the refusal");
    expect(intruder.closed?.code).toBe(LIVE_CLOSE.notFound);

    const saved = await json(await post(owner, "/auth-contexts", { name: "Mine", urls: [`${sites.url}/login`], session_id: session.id }));
    expect((await json(await get(other, "/auth-contexts"))).auth_contexts).toEqual([]);
    expect((await get(other, `/auth-contexts/${saved.id}`)).status).toBe(404);
    expect((await del(other, `/auth-contexts/${saved.id}`)).status).toBe(404);
    const run = await post(other, "/runs", {
      prompt: "use it",
      model: "gpt-4.1",
      provider: "openai",
      response_format: "text",
      auth_context_id: saved.id,
    });
    expect(run.status).toBe(400);
    expect((await json(run)).error.message).toContain("No such auth context");

    expect((await del(owner, `/auth-contexts/${saved.id}`)).status).toBe(204);
    expect((await get(owner, `/auth-contexts/${saved.id}`)).status).toBe(404);
  });

  it("refuses expired and altered viewer tokens", async () => {
    const owner = await t.newCaller();
    const { session, viewer } = await openSession(owner);
    await viewer.waitFor(() => viewer.frames > 0, "a first frame");
    const token = session.debug_url.split("#token=")[1]!;

    const expired = signViewerToken(live.tokenKey, { kind: "session", id: session.id, owner: owner.userId, exp: Date.now() - 1 });
    const late = await connectTestViewer(serverUrl, expired);
    await late.waitFor(() => late.closed, "the refusal");
    expect(late.closed?.code).toBe(LIVE_CLOSE.unauthorized);

    const altered = await connectTestViewer(serverUrl, `${token.slice(0, -2)}xx`);
    await altered.waitFor(() => altered.closed, "the refusal");
    expect(altered.closed?.code).toBe(LIVE_CLOSE.unauthorized);

    // The genuine token still works until it expires, and the DevTools endpoint is never offered.
    const second = await connectTestViewer(serverUrl, token);
    await second.waitFor(() => second.frames > 0, "a frame on the second viewer");
    expect(JSON.stringify(second.messages)).not.toMatch(/devtools|ws:\/\/127\.0\.0\.1:\d+\/devtools/i);
    // Only the app's own origin: not another site, not "null" (a sandboxed page), not another scheme or port.
    const appHost = new URL(TEST_BASE_URL).host;
    for (const origin of ["https://evil.example", "null", `https://${appHost}`, `http://${new URL(TEST_BASE_URL).hostname}:1`]) {
      const foreign = await connectTestViewer(serverUrl, token, { origin });
      await foreign.waitFor(() => foreign.closed, `the refusal of ${origin}`);
      expect(foreign.frames, origin).toBe(0);
    }
    const own = await connectTestViewer(serverUrl, token, { origin: TEST_BASE_URL });
    await own.waitFor(() => own.frames > 0, "a frame for the app's own origin");
    own.close();
    await post(owner, `/auth-contexts`, { name: "x", urls: [`${sites.url}/login`], session_id: session.id });
  });

  it("limits sessions per user, closes idle ones and refuses private addresses", async () => {
    const owner = await t.newCaller();
    const first = await openSession(owner);
    const second = await openSession(owner);
    const third = await post(owner, "/auth-contexts/sessions", { urls: [`${sites.url}/login`] });
    expect(third.status).toBe(429);
    expect((await json(third)).error.message).toContain("2 browsing sessions open");
    expect((await del(owner, `/auth-contexts/sessions/${first.session.id}`)).status).toBe(204);
    await first.viewer.waitFor(() => first.viewer.messages.find((m) => m.type === "ended"), "the closed message");
    expect((await post(owner, "/auth-contexts/sessions", { urls: [`${sites.url}/login`] })).status).toBe(201);
    await live.sessions.close(second.session.id, "closed");

    const strict = liveServices({ allowPrivate: false, limits: { idleMs: 400 } });
    t.ctx.live = strict;
    try {
      const refused = await post(owner, "/auth-contexts/sessions", { urls: [`${sites.url}/login`] });
      expect(refused.status).toBe(400);
      expect((await json(refused)).error.fields[0].message).toMatch(/cannot be opened/);
      expect((await post(owner, "/auth-contexts/sessions", { urls: ["ftp://example.com"] })).status).toBe(400);

      const idle = createLiveSessions({
        open: loginBrowserOpener(browsers, { allowPrivate: true }),
        limits: { ...limits, idleMs: 400 },
        log: silentLogger,
      });
      t.ctx.live = { ...strict, sessions: idle };
      const { session, viewer } = await openSession(owner);
      await viewer.waitFor(() => viewer.messages.find((m) => m.type === "ended" && m.reason === "idle"), "the idle close", 5_000);
      expect(idle.get(session.id)).toBeUndefined();
    } finally {
      t.ctx.live = live;
    }
  });

  it("ends every session when the server stops, as a restart would", async () => {
    const owner = await t.newCaller();
    const sessions = liveServices();
    t.ctx.live = sessions;
    try {
      const { session, viewer } = await openSession(owner);
      await viewer.waitFor(() => viewer.frames > 0, "a first frame");
      await sessions.sessions.closeAll();
      await viewer.waitFor(() => viewer.closed, "the socket to close");
      expect(viewer.messages.find((m) => m.type === "ended")).toBeDefined();
      expect((await post(owner, "/auth-contexts", { name: "late", urls: [`${sites.url}/login`], session_id: session.id })).status).toBe(
        404,
      );
    } finally {
      t.ctx.live = live;
    }
  });

  it("logs in again on the same saved login: the browser starts signed in, and Finish replaces the saved state", async () => {
    const owner = await t.newCaller();
    const stranger = await t.newCaller();
    const first = await openSession(owner);
    await logInThroughViewer(first.viewer);
    // The login is for the account page: opened without the saved state, it would go to /login.
    const accountUrl = `${sites.url}/account`;
    const saved = await json(await post(owner, "/auth-contexts", { name: "Shop", urls: [accountUrl], session_id: first.session.id }));
    const [before] = await t.ctx.db.select().from(authContexts).where(eq(authContexts.id, saved.id));
    const oldCookie = (JSON.parse(openSecret(t.ctx, before!.encryptedState!)) as SavedState).cookies.find(
      (c) => c.name === SESSION_COOKIE,
    )!;

    expect((await post(stranger, `/auth-contexts/${saved.id}/sessions`, {})).status).toBe(404);
    const res = await post(owner, `/auth-contexts/${saved.id}/sessions`, {});
    expect(res.status).toBe(201);
    const session = (await json(res)) as { id: string; debug_url: string };
    expect(session.debug_url).toMatch(new RegExp(`^${TEST_BASE_URL}/live/sessions/${session.id}#token=`));
    const viewer = await connectTestViewer(serverUrl, session.debug_url);
    // Signed in from the saved cookies: the account page opens (and the site rotates the session).
    await viewer.waitFor(
      () => viewer.messages.find((m) => m.type === "state" && m.url === accountUrl && !m.loading),
      "the account page",
      10_000,
    );
    expect(viewer.messages.some((m) => m.type === "state" && m.url.includes("/login"))).toBe(false);

    // Nobody else can save it, nor into another of the owner's logins.
    expect((await put(stranger, `/auth-contexts/${saved.id}/state`, { session_id: session.id })).status).toBe(404);
    const other = await openSession(owner);
    await logInThroughViewer(other.viewer);
    const second = await json(await post(owner, "/auth-contexts", { name: "Other", urls: [accountUrl], session_id: other.session.id }));
    expect((await put(owner, `/auth-contexts/${second.id}/state`, { session_id: session.id })).status).toBe(404);

    const replaced = await put(owner, `/auth-contexts/${saved.id}/state`, { session_id: session.id });
    expect(replaced.status).toBe(200);
    const body = await json(replaced);
    expect(body).toMatchObject({ id: saved.id, name: "Shop", urls: [accountUrl], created_at: saved.created_at });
    expect(Date.parse(body.updated_at)).toBeGreaterThan(Date.parse(saved.updated_at));
    await viewer.waitFor(() => viewer.messages.find((m) => m.type === "ended" && m.reason === "saved"), "the ended message");
    expect(live.sessions.get(session.id)).toBeUndefined();

    const [after] = await t.ctx.db.select().from(authContexts).where(eq(authContexts.id, saved.id));
    const newCookie = (JSON.parse(openSecret(t.ctx, after!.encryptedState!)) as SavedState).cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(newCookie.value).toMatch(/^sess-/);
    expect(newCookie.value).not.toBe(oldCookie.value);
    // Still one saved login under that name: replaced, not added.
    const names = (await json(await get(owner, "/auth-contexts"))).auth_contexts.map((c: { name: string }) => c.name);
    expect(names).toEqual(["Other", "Shop"]);
    expect((await put(owner, `/auth-contexts/${saved.id}/state`, { session_id: "nope" })).status).toBe(400);
  });

  it("validates names and URLs with the product's messages", async () => {
    const owner = await t.newCaller();
    const res = await post(owner, "/auth-contexts", { name: " ", urls: ["shop.example"], session_id: crypto.randomUUID() });
    expect(res.status).toBe(400);
    const messages = (await json(res)).error.fields.map((f: { message: string }) => f.message);
    expect(messages).toEqual(expect.arrayContaining(["Name is required", "Please enter a valid URL"]));
    const empty = await json(await post(owner, "/auth-contexts/sessions", { urls: [""] }));
    expect(empty.error.fields[0].message).toBe("Website URL is required");
  });
});
