import { createBrowserManager } from "@errand/agent";
import { authContexts, proxyEntries, tasks } from "@errand/db";
import { createProxyPool } from "@errand/services/proxies";
import { createRunForTask } from "@errand/services/runs";
import { testCaller } from "@errand/services/testing";
import { startRecordingProxy, testBrowserPath, type RecordingProxy } from "@errand/testkit";
import { eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import { loginBrowserOpener } from "./login-browser.ts";
import { workerTest, type TestWorker } from "./testing/test-worker.ts";

// Real processes, Chromium and a model round trip per run: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const PASSWORD = "gateway-Pa55";
// Two gateways on loopback that accept "user-<session>" and record each CONNECT. A pool's
// proxies are judged by the address rule on every connection: these two on loopback are let through.
const it = workerTest
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none here.
  .extend("gateways", { scope: "file" }, async ({}, { onCleanup }) => {
    const acceptUsername = (u: string) => /^user-[0-9a-z]+$/.test(u);
    const gateways = await Promise.all([
      startRecordingProxy({ password: PASSWORD, acceptUsername }),
      startRecordingProxy({ password: PASSWORD, acceptUsername }),
    ]);
    onCleanup(() => Promise.all(gateways.map((gateway) => gateway.close())).then(() => {}));
    return gateways;
  })
  .extend("workerOptions", ({ gateways }) => ({ allowHosts: gateways.map((gateway) => gateway.hostPort) }));
let harness: TestWorker;
let one: RecordingProxy;
let two: RecordingProxy;
it.beforeAll(({ worker, gateways }) => {
  harness = worker;
  [one, two] = gateways;
});

/** Runs the task once to its end; answers which proxies saw it and with which usernames. */
async function runOnce(userId: string, taskId: string, prompt: string, settings: Record<string, unknown>) {
  const seen = { one: one.records.length, two: two.records.length };
  const run = await createRunForTask({
    ctx: harness.ctx,
    caller: testCaller(userId),
    input: { taskId, settings: { prompt, initial_url: `${harness.sites.url}/`, ...settings } },
  });
  const { run: ended } = await harness.waitForEnd(userId, run.id, 90_000);
  expect(ended).toMatchObject({ status: "success" });
  const site = new URL(harness.sites.url).port;
  const through = (proxy: RecordingProxy, from: number) => proxy.records.slice(from).filter((r) => r.target.endsWith(`:${site}`));
  return { one: through(one, seen.one), two: through(two, seen.two) };
}

describe("worker: proxies", () => {
  it("sends runs of a pool through its proxies in turn, each run with its own session, and a saved login's runs through the login's proxy and session", async () => {
    const { ctx, db, model } = harness;
    const user = await harness.newUser();
    const caller = testCaller(user.id);
    model.setResponder(() => ({ toolCalls: [{ name: "done", arguments: { success: true, text: "Looked." } }] }));
    const pool = await createProxyPool({
      ctx,
      caller,
      input: {
        name: "gateways",
        entries: [
          { url: `http://user-{session}:${PASSWORD}@${one.hostPort}` },
          { url: `http://user-{session}:${PASSWORD}@${two.hostPort}` },
        ],
      },
    });
    const prompt = "Open the fixture site";
    const [task] = await db
      .insert(tasks)
      .values({ userId: user.id, workspaceId: user.id, prompt, proxy: { pool: "gateways" } })
      .returning();

    const first = await runOnce(user.id, task!.id, prompt, { proxy: { pool: "gateways" } });
    const second = await runOnce(user.id, task!.id, prompt, { proxy: { pool: "gateways" } });
    const third = await runOnce(user.id, task!.id, prompt, { proxy: { pool: "gateways" } });
    // Round-robin: one, two, one; the other proxy saw nothing of that run.
    expect([first, second, third].map((r) => [r.one.length > 0, r.two.length > 0])).toEqual([
      [true, false],
      [false, true],
      [true, false],
    ]);
    const sessionsOf = (records: { username: string | undefined }[]) => [...new Set(records.map((r) => r.username))];
    // One session per run (every connection of a run says the same), a new one for the next.
    expect(sessionsOf(first.one)).toHaveLength(1);
    expect(sessionsOf(third.one)).toHaveLength(1);
    expect(sessionsOf(first.one)[0]).not.toBe(sessionsOf(third.one)[0]);

    // A saved login made through the second proxy with session "login42": its runs keep both.
    const [entry] = await db.select().from(proxyEntries).where(eq(proxyEntries.poolId, pool.id)).orderBy(proxyEntries.position).offset(1);
    const [login] = await db
      .insert(authContexts)
      .values({
        userId: user.id,
        workspaceId: user.id,
        name: "Fixture",
        urls: [harness.sites.url],
        proxy: { pool: "gateways", entryId: entry!.id, server: two.server, session: "login42", country: null },
      })
      .returning();
    const [loggedIn] = await db
      .insert(tasks)
      .values({ userId: user.id, workspaceId: user.id, prompt, authContextId: login!.id, proxy: { pool: "gateways" } })
      .returning();
    for (let i = 0; i < 2; i++) {
      const seen = await runOnce(user.id, loggedIn!.id, prompt, { auth_context_id: login!.id, proxy: { pool: "gateways" } });
      expect(seen.one).toEqual([]);
      expect(sessionsOf(seen.two)).toEqual(["user-login42"]);
    }
    await expect.poll(() => harness.worker.active(), { timeout: 10_000 }).toBe(0);
  });

  it("gives a run leaving through a country's proxy that country's language and time zone", async () => {
    const { ctx, db, model } = harness;
    const user = await harness.newUser();
    const caller = testCaller(user.id);
    await createProxyPool({
      ctx,
      caller,
      input: { name: "germany", entries: [{ url: `http://user-{session}:${PASSWORD}@${one.hostPort}`, country: "de" }] },
    });
    const prompt = "Check the browser for automation signs";
    const [task] = await db.insert(tasks).values({ userId: user.id, workspaceId: user.id, prompt }).returning();
    // The page's own checks compare what the browser says against the expected zone and language.
    model.setResponder((req) => {
      const state = req.messages.filter((m) => m.role === "user").at(-1)?.text ?? "";
      const summary = /(No automation signs found\.|Flagged: [^\n]*)/.exec(state)?.[1];
      if (!summary) return { toolCalls: [{ name: "wait", arguments: { seconds: 1 } }] };
      return { toolCalls: [{ name: "done", arguments: { success: true, text: summary } }] };
    });
    const run = await createRunForTask({
      ctx,
      caller,
      input: {
        taskId: task!.id,
        settings: {
          prompt,
          initial_url: `${harness.sites.url}/bot-checks?tz=Europe/Berlin&lang=de-DE`,
          proxy: { pool: "germany", country: "de" },
        },
      },
    });
    const { run: ended } = await harness.waitForEnd(user.id, run.id, 90_000);
    expect(ended.status, ended.status_reason ?? "").toBe("success");
    expect(ended.result).toMatch(/^(No automation signs found|Flagged: )/);
    for (const check of ["time-zone", "languages", "accept-language"]) expect(ended.result).not.toContain(check);
    await expect.poll(() => harness.worker.active(), { timeout: 10_000 }).toBe(0);
  });

  it("opens the login wizard's live browser through the proxy it is given, with its session username", async () => {
    const browsers = createBrowserManager({ browserPath: testBrowserPath() });
    try {
      const site = new URL(harness.sites.url);
      const open = loginBrowserOpener(browsers, { allowHosts: [site.host, one.hostPort] });
      const before = one.records.length;
      const opened = await open({
        url: `${harness.sites.url}/`,
        onActivity: () => {},
        proxy: { server: one.server, username: "user-wizard7", password: PASSWORD },
      });
      await expect
        .poll(() => one.records.slice(before).some((r) => r.username === "user-wizard7" && r.target.endsWith(`:${site.port}`)), {
          timeout: 30_000,
        })
        .toBe(true);
      await opened.close();
    } finally {
      await browsers.close();
    }
  });
});
