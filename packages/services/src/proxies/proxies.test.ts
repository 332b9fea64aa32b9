import { MAX_PROXY_POOLS_PER_ACCOUNT, type createProxyPoolSchema } from "@errand/contract";
import { auditEvents, authContexts, proxyEntries, tasksRuns, type Db } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { z } from "zod";
import { createAuthContext } from "../auth-contexts/create-auth-context.ts";
import { openLoginSession } from "../auth-contexts/open-login-session.ts";
import { openRelogInSession } from "../auth-contexts/open-relogin-session.ts";
import type { ServiceContext } from "../context.ts";

import { keyId } from "../secrets/encryption.ts";
import { createLiveSessions, type OpenLiveBrowser } from "../live/live-sessions.ts";
import { createRunForTask } from "../runs/create-run-for-task.ts";
import { createTaskWithRun } from "../runs/create-task-with-run.ts";
import { getTask } from "../tasks/get-task.ts";
import { updateTask } from "../tasks/update-task.ts";
import { createTestAccount, serviceTest, testCaller, inputProblems } from "../testing.ts";
import { createProxyPool } from "./create-proxy-pool.ts";
import { deleteProxyPool } from "./delete-proxy-pool.ts";
import { getProxyPool } from "./get-proxy-pool.ts";
import { listProxyPools } from "./list-proxy-pools.ts";
import type { ProxySettings } from "./proxy-settings.ts";
import { resolveRunProxy } from "./resolve-run-proxy.ts";
import { updateProxyPool } from "./update-proxy-pool.ts";

const it = serviceTest.extend("contextConfig", { billingEnabled: false, pendingRunsPerAccount: 100 });
let db: Db;
let ctx: ServiceContext;
/** What each login browser was opened with: the proxy the services chose. */
const opened: (ProxySettings | undefined)[] = [];

it.beforeAll(({ db: fileDb, ctx: fileCtx }) => {
  db = fileDb;
  ctx = fileCtx;
  // The browser is the edge here: a stand-in that records the proxy it is given and holds no state.
  const open: OpenLiveBrowser = async ({ proxy }) => {
    opened.push(proxy);
    return {
      live: { attach: () => ({ receive: async () => {}, detach() {} }), setInteractive() {}, notice() {}, end() {} },
      state: async () => ({ cookies: [], origins: [] }),
      close: async () => {},
    };
  };
  ctx.live = {
    sessions: createLiveSessions({ open, limits: { idleMs: 60_000, maxMs: 60_000, perUser: 5 }, log: ctx.log }),
    runs: undefined as never,
    tokenKey: Buffer.alloc(32, 1),
    tokenTtlMs: 60_000,
  };
});
it.afterAll(() => ctx.live?.sessions.closeAll());

const PASSWORD = "pr0xy-Pa55word!";

async function owner() {
  const user = await createTestAccount(ctx);
  return { user, caller: testCaller(user.id) };
}

/** A new owner's caller, and a pool they saved. */
async function ownerWithPool(input: z.input<typeof createProxyPoolSchema>) {
  const { caller } = await owner();
  return { caller, pool: await createProxyPool({ ctx, caller, input }) };
}

/** A new run of a task with this proxy choice, and the proxy it resolves to at start. */
async function runThrough(caller: ReturnType<typeof testCaller>, settings: Record<string, unknown>) {
  const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "Check my IP", ...settings } } });
  return resolveRunProxy({ ctx, input: { runId: run.id } });
}

const decodeUser = (proxy: Awaited<ReturnType<typeof resolveRunProxy>>) => ("proxy" in proxy ? proxy.proxy : null);

describe("proxy pools", () => {
  it("keeps credentials sealed at rest and never returns them", async () => {
    const { caller, pool } = await ownerWithPool({
      name: "Residential-EU",
      entries: [{ url: `http://alice:${PASSWORD}@proxy-de.example.com:8080`, country: "DE" }, { url: "socks5://socks.example.com" }],
    });
    expect(pool).toEqual({
      id: expect.any(String),
      name: "residential-eu",
      rotation: "round-robin",
      entries: [
        { id: expect.any(String), server: "http://proxy-de.example.com:8080", country: "de", has_credentials: true, uses_placeholders: [] },
        { id: expect.any(String), server: "socks5://socks.example.com:1080", country: null, has_credentials: false, uses_placeholders: [] },
      ],
      countries: ["de"],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const rows = await db.select().from(proxyEntries).where(eq(proxyEntries.poolId, pool.id));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain("alice");
    const sealed = rows.find((r) => r.country === "de")!;
    expect(sealed.passwordCiphertext!.startsWith(`v1.${keyId(ctx.encryptionKey)}.`)).toBe(true);
    expect(JSON.stringify(await listProxyPools({ ctx, caller, input: {} }))).not.toContain(PASSWORD);
    expect(await getProxyPool({ ctx, caller, input: { id: pool.id } })).toEqual(pool);
  });

  it(`are at most ${MAX_PROXY_POOLS_PER_ACCOUNT} per workspace, even when saved at once`, async () => {
    const { caller } = await owner();
    const save = (i: number) =>
      createProxyPool({ ctx, caller, input: { name: `pool-${i}`, entries: [{ url: "http://p.example.com:1" }] } }).then(
        () => "saved",
        (error: Error) => error.message,
      );
    const outcomes = await Promise.all(Array.from({ length: MAX_PROXY_POOLS_PER_ACCOUNT + 2 }, (_, i) => save(i)));
    expect(outcomes.filter((outcome) => outcome === "saved")).toHaveLength(MAX_PROXY_POOLS_PER_ACCOUNT);
    expect(outcomes.filter((outcome) => outcome !== "saved")).toEqual([
      `An account can keep at most ${MAX_PROXY_POOLS_PER_ACCOUNT} proxy pools: delete one you no longer use first.`,
      `An account can keep at most ${MAX_PROXY_POOLS_PER_ACCOUNT} proxy pools: delete one you no longer use first.`,
    ]);
  });

  it("says what is wrong with a pool, field by field", async () => {
    const { caller } = await owner();
    expect(
      await inputProblems(
        createProxyPool({
          ctx,
          caller,
          input: {
            name: "bad name",
            rotation: "sticky",
            entries: [
              { url: "ftp://proxy.example.com" },
              { url: "http://h.example.com:80/path" },
              { url: "http://h.example.com", country: "Germany" },
            ],
          },
        }),
      ),
    ).toEqual({
      name: "name must be lowercase letters, digits and dashes, like residential-eu",
      rotation: "rotation must be round-robin or random",
      "entries.0.url": "url must start with http://, https:// or socks5://",
      "entries.1.url": "url must be only scheme, credentials, host and port (no path or query)",
      "entries.2.country": "country must be a two-letter country code (ISO 3166-1 alpha-2) such as de or us",
    });
    expect(await inputProblems(createProxyPool({ ctx, caller, input: { name: "empty", entries: [] } }))).toEqual({
      entries: "entries must list at least one proxy",
    });
    await createProxyPool({ ctx, caller, input: { name: "taken", entries: [{ url: "http://p.example.com" }] } });
    await expect(createProxyPool({ ctx, caller, input: { name: "taken", entries: [{ url: "http://p.example.com" }] } })).rejects.toThrow(
      /already have a proxy pool named taken/,
    );
  });

  it("keeps a proxy by id (credentials too) when the list changes, and deletes pools of its owner only", async () => {
    const { caller, pool } = await ownerWithPool({
      name: "mixed",
      entries: [{ url: `http://bob:${PASSWORD}@a.example.com:3128` }, { url: "http://b.example.com:3128" }],
    });
    const [first] = pool.entries;
    const updated = await updateProxyPool({
      ctx,
      caller,
      input: {
        id: pool.id,
        changes: {
          rotation: "random",
          entries: [
            { url: "https://c.example.com", country: "us" },
            { id: first!.id, country: "fr" },
          ],
        },
      },
    });
    expect(updated.rotation).toBe("random");
    expect(updated.entries.map((e) => [e.server, e.country, e.has_credentials])).toEqual([
      ["https://c.example.com:443", "us", false],
      ["http://a.example.com:3128", "fr", true],
    ]);
    expect(updated.entries[1]!.id).toBe(first!.id);
    expect(
      await inputProblems(
        updateProxyPool({ ctx, caller, input: { id: pool.id, changes: { entries: [{ id: "00000000-0000-4000-8000-000000000000" }] } } }),
      ),
    ).toEqual({ "entries.0.id": "This pool has no proxy with this id" });
    expect(
      await inputProblems(updateProxyPool({ ctx, caller, input: { id: pool.id, changes: { entries: [{ country: "de" }] } } })),
    ).toEqual({
      "entries.0": "each proxy needs either a url (a new proxy) or the id of one the pool has",
    });
    const stranger = await owner();
    await expect(deleteProxyPool({ ctx, caller: stranger.caller, input: { id: pool.id } })).rejects.toThrow(/not found/);
    await deleteProxyPool({ ctx, caller, input: { id: pool.id } });
    expect(await db.select().from(proxyEntries).where(eq(proxyEntries.poolId, pool.id))).toEqual([]);
  });
});

describe("a run's proxy", () => {
  it("takes the pool's proxies in turn (round-robin), with a fresh session per run", async () => {
    const { caller } = await ownerWithPool({
      name: "pair",
      entries: [
        { url: `http://user-{session}:${PASSWORD}@one.example.com:8000` },
        { url: `http://user-{session}:${PASSWORD}@two.example.com:8000` },
      ],
    });
    const picked = [];
    for (let i = 0; i < 4; i++) picked.push(decodeUser(await runThrough(caller, { proxy: { pool: "pair" } })));
    expect(picked.map((p) => p!.server)).toEqual([
      "http://one.example.com:8000",
      "http://two.example.com:8000",
      "http://one.example.com:8000",
      "http://two.example.com:8000",
    ]);
    expect(picked.every((p) => p!.password === PASSWORD)).toBe(true);
    const sessions = picked.map((p) => /^user-([0-9a-f]{16})$/.exec(p!.username!)?.[1]);
    expect(new Set(sessions).size).toBe(4);
  });

  it("keeps to the country asked for, fills {country}, and says clearly when the pool has none there", async () => {
    const { caller, pool } = await ownerWithPool({
      name: "geo",
      entries: [
        { url: "http://de.example.com:1", country: "de" },
        { url: "http://us.example.com:1", country: "us" },
      ],
    });
    for (let i = 0; i < 3; i++)
      expect(decodeUser(await runThrough(caller, { proxy: { pool: "geo", country: "DE" } }))!.server).toBe("http://de.example.com:1");
    // Asked when the run is created: no run is queued.
    expect(
      await inputProblems(createTaskWithRun({ ctx, caller, input: { settings: { prompt: "p", proxy: { pool: "geo", country: "fr" } } } })),
    ).toEqual({
      "proxy.country": "The proxy pool geo has no proxy in FR (it offers DE, US).",
    });
    expect(await inputProblems(createTaskWithRun({ ctx, caller, input: { settings: { prompt: "p", proxy: { pool: "nope" } } } }))).toEqual({
      "proxy.pool": "There is no proxy pool named nope (it may have been deleted or renamed).",
    });
    // The pool changed after the run was queued: it fails at start, saying why.
    const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "p", proxy: { pool: "geo", country: "us" } } } });
    await updateProxyPool({ ctx, caller, input: { id: pool.id, changes: { entries: [{ id: pool.entries[0]!.id, country: "de" }] } } });
    expect(await resolveRunProxy({ ctx, input: { runId: run.id } })).toEqual({
      problem: "The proxy pool geo has no proxy in US (it offers DE).",
    });

    // A gateway: no country of its own, the username picks it.
    await createProxyPool({
      ctx,
      caller,
      input: { name: "gateway", entries: [{ url: `http://cust-{session}-cc-{country}:${PASSWORD}@gw.example.com:7777` }] },
    });
    const viaGateway = decodeUser(await runThrough(caller, { proxy: { pool: "gateway", country: "jp" } }))!;
    expect(viaGateway.username).toMatch(/^cust-[0-9a-f]{16}-cc-jp$/);
  });

  it("is saved with the task, cleared with null, and the server's default when none is named", async () => {
    const { caller } = await ownerWithPool({ name: "saved", entries: [{ url: "http://s.example.com:1", country: "gb" }] });
    const { task, run } = await createTaskWithRun({
      ctx,
      caller,
      input: { settings: { prompt: "p", proxy: { pool: "saved", country: "gb" } } },
    });
    expect((await getTask({ ctx, caller, input: { taskId: task.id } })).proxy).toEqual({ pool: "saved", country: "gb" });
    const [row] = await db.select({ proxy: tasksRuns.proxy }).from(tasksRuns).where(eq(tasksRuns.id, run.id));
    expect(row!.proxy).toEqual({ pool: "saved", country: "gb" });
    expect((await updateTask({ ctx, caller, input: { taskId: task.id, changes: { proxy: null } } })).proxy).toBeNull();
    expect(await inputProblems(updateTask({ ctx, caller, input: { taskId: task.id, changes: { proxy: { pool: "missing" } } } }))).toEqual({
      "proxy.pool": "There is no proxy pool named missing (it may have been deleted or renamed).",
    });
    expect(await runThrough(caller, {})).toEqual({ proxy: null, country: null });
  });
});

describe("a saved login's proxy", () => {
  it("is the one it was made through, same session, for its runs and for logging in again", async () => {
    const { caller } = await ownerWithPool({
      name: "sticky",
      entries: [{ url: `http://u-{session}:${PASSWORD}@a.example.com:1` }, { url: `http://u-{session}:${PASSWORD}@b.example.com:1` }],
    });
    const session = await openLoginSession({ ctx, caller, input: { urls: ["https://shop.example.com/login"], proxy: { pool: "sticky" } } });
    const loginProxy = opened.at(-1)!;
    const login = await createAuthContext({
      ctx,
      caller,
      input: { name: "Shop", urls: ["https://shop.example.com/"], sessionId: session.id },
    });
    expect(login.proxy).toEqual({ pool: "sticky", country: null, server: loginProxy.server });
    const [row] = await db.select({ proxy: authContexts.proxy }).from(authContexts).where(eq(authContexts.id, login.id));
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    // Made once in the audit log (docs/adr/0038-audit-log.md), without the proxy's password.
    const made = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "saved_login.created"), eq(auditEvents.targetId, login.id)));
    expect(made).toMatchObject([{ actorUserId: caller.userId, targetLabel: "Shop", details: { urls: ["https://shop.example.com/"] } }]);
    expect(JSON.stringify(made)).not.toContain(PASSWORD);

    // Its runs go through the login's proxy whatever they ask for; round-robin would have moved on.
    for (let i = 0; i < 3; i++) {
      expect(decodeUser(await runThrough(caller, { auth_context_id: login.id, proxy: { pool: "sticky" } }))).toEqual(loginProxy);
    }
    const again = await openRelogInSession({ ctx, caller, input: { authContextId: login.id } });
    expect(opened.at(-1)).toEqual(loginProxy);
    await ctx.live!.sessions.close(again.id, "closed");

    // Its proxy removed from the pool: runs fail before they start, saying so.
    await db.delete(proxyEntries).where(eq(proxyEntries.id, row!.proxy!.entryId));
    const { task } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "p", auth_context_id: login.id } } });
    const later = await createRunForTask({ ctx, caller, input: { taskId: task.id, settings: { prompt: "p", auth_context_id: login.id } } });
    expect(await resolveRunProxy({ ctx, input: { runId: later.id } })).toEqual({
      problem: `The proxy this saved login was made through (${loginProxy.server}, pool sticky) was removed. Log in again to pick another.`,
    });
  });
});
