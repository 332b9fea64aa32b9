import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { liveEndpoints } from "@errand/db";
import { openTestDb } from "@errand/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "../context.ts";
import { silentLogger } from "../logging/logger.ts";
import { closeLoginSession } from "../auth-contexts/close-login-session.ts";
import { createAuthContext } from "../auth-contexts/create-auth-context.ts";
import { createTestAccount, makeTestContext, testCaller } from "../testing.ts";
import { signInternalCredential, verifyInternalCredential } from "./internal-credential.ts";
import { createLiveAnnouncer, type LiveRelay } from "./live-announcer.ts";
import { findLiveEndpoint, recordLiveEndpoint } from "./live-endpoints.ts";
import { createLiveRuns, type LiveRun } from "./live-runs.ts";
import { createLiveSessions } from "./live-sessions.ts";
import type { LiveTarget } from "./live-types.ts";
import { callLiveOwner } from "./relay-calls.ts";

const { db, close } = openTestDb();
let ctx: ServiceContext;
let userId: string;
let otherUserId: string;

beforeAll(async () => {
  ctx = makeTestContext(db);
  userId = (await createTestAccount(ctx)).id;
  otherUserId = (await createTestAccount(ctx)).id;
});
afterAll(() => close());

// The browser side is not what these tests are about: a target that shows nothing.
const blank: LiveTarget = { attach: () => ({ receive: async () => {}, detach() {} }), setInteractive() {}, notice() {}, end() {} };
const liveRun = (runId: string): LiveRun => ({
  runId,
  userId,
  workspaceId: userId,
  live: blank,
  controller: () => "agent",
  setController() {},
});
const processAt = (address: string) => {
  const relay: LiveRelay = { key: randomBytes(32), address };
  return { relay, announcer: createLiveAnnouncer({ db, log: silentLogger, relay }) };
};
/** A new target of the user's recorded at this address, valid for a minute unless told otherwise: its id. */
async function recordedEndpoint(kind: "run" | "session", address: string, validForMs = 60_000) {
  const id = randomUUID();
  await recordLiveEndpoint(db, { kind, id, userId, address, expiresAt: new Date(Date.now() + validForMs) });
  return id;
}

describe("where live browsers are", () => {
  it("records a run's browser under its process's address while it is open, for its owner only", async () => {
    const { announcer } = processAt("http://127.0.0.1:7801");
    const runs = createLiveRuns(announcer);
    const runId = randomUUID();
    const remove = runs.register(liveRun(runId));
    await announcer.flush();
    expect(await findLiveEndpoint(db, { kind: "run", id: runId, userId })).toEqual({
      kind: "run",
      id: runId,
      address: "http://127.0.0.1:7801",
    });
    expect(await findLiveEndpoint(db, { kind: "run", id: runId, userId: otherUserId })).toBeUndefined();
    expect(await findLiveEndpoint(db, { kind: "session", id: runId, userId })).toBeUndefined();
    remove();
    await announcer.flush();
    expect(await findLiveEndpoint(db, { kind: "run", id: runId, userId })).toBeUndefined();
  });

  it("records a login session before its link is answered, until its lifetime, and removes it when it closes", async () => {
    const { announcer } = processAt("http://127.0.0.1:7802");
    const sessions = createLiveSessions({
      open: async () => ({ live: blank, state: async () => ({ cookies: [], origins: [] }), close: async () => {} }),
      limits: { idleMs: 60_000, maxMs: 120_000, perUser: 2 },
      log: silentLogger,
      announcer,
    });
    const session = await sessions.open(userId, ["https://example.com/login"]);
    const [row] = await db.select().from(liveEndpoints).where(eq(liveEndpoints.targetId, session.id));
    expect(row).toMatchObject({ kind: "session", userId, address: "http://127.0.0.1:7802", expiresAt: session.expiresAt });
    await sessions.close(session.id, "closed");
    await announcer.flush();
    expect(await findLiveEndpoint(db, { kind: "session", id: session.id, userId })).toBeUndefined();
  });

  it("does not record browsers of a process whose endpoint is not listening", async () => {
    const relay: LiveRelay = { key: randomBytes(32) };
    const announcer = createLiveAnnouncer({ db, log: silentLogger, relay });
    const runId = randomUUID();
    createLiveRuns(announcer).register(liveRun(runId));
    await announcer.flush();
    expect(await db.select().from(liveEndpoints).where(eq(liveEndpoints.targetId, runId))).toEqual([]);
  });

  it("ignores expired rows, and a stopping process removes its own rows only", async () => {
    const expired = await recordedEndpoint("run", "http://127.0.0.1:7803", -1000);
    expect(await findLiveEndpoint(db, { kind: "run", id: expired, userId })).toBeUndefined();

    const stopping = processAt("http://127.0.0.1:7804");
    const staying = processAt("http://127.0.0.1:7805");
    const [mine, theirs] = [randomUUID(), randomUUID()];
    createLiveRuns(stopping.announcer).register(liveRun(mine));
    createLiveRuns(staying.announcer).register(liveRun(theirs));
    await Promise.all([stopping.announcer.flush(), staying.announcer.flush()]);
    await stopping.announcer.withdrawAll();
    expect(await findLiveEndpoint(db, { kind: "run", id: mine, userId })).toBeUndefined();
    expect(await findLiveEndpoint(db, { kind: "run", id: theirs, userId })).toMatchObject({ address: "http://127.0.0.1:7805" });
  });

  it("answers a relayed call to a process that is gone as no live browser, and forgets the stale row", async () => {
    const runId = await recordedEndpoint("run", await deadAddress());
    const caller: ServiceContext = {
      ...ctx,
      live: {
        sessions: undefined!,
        runs: createLiveRuns(),
        tokenKey: randomBytes(32),
        tokenTtlMs: 60_000,
        relay: { key: randomBytes(32) },
      },
    };
    const endpoint = (await findLiveEndpoint(db, { kind: "run", id: runId, userId }))!;
    expect(await callLiveOwner(caller, endpoint, { kind: "run", id: runId, op: "run.status" })).toBeUndefined();
    expect(await findLiveEndpoint(db, { kind: "run", id: runId, userId })).toBeUndefined();
  });

  it("reports a login session whose process was killed as not found, from every operation", async () => {
    const sessionId = await recordedEndpoint("session", await deadAddress());
    const sessions = createLiveSessions({
      open: () => Promise.reject(new Error("unused")),
      limits: { idleMs: 60_000, maxMs: 60_000, perUser: 1 },
      log: silentLogger,
    });
    const api: ServiceContext = {
      ...ctx,
      live: { sessions, runs: createLiveRuns(), tokenKey: randomBytes(32), tokenTtlMs: 60_000, relay: { key: randomBytes(32) } },
    };
    await expect(closeLoginSession({ ctx: api, caller: testCaller(userId), input: { sessionId } })).rejects.toMatchObject({
      code: "not_found",
      message: "Browsing session not found",
    });
    await expect(
      createAuthContext({ ctx: api, caller: testCaller(userId), input: { name: "x", urls: ["https://example.com"], sessionId } }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await db.select().from(liveEndpoints).where(eq(liveEndpoints.targetId, sessionId))).toEqual([]);
  });
});

/** The address of a process that was killed: nothing listens there any more. */
async function deadAddress() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((resolve) => server.close(resolve));
  return address;
}

describe("internal live credentials", () => {
  it("open only the target they were signed for, with the same key, for a minute", () => {
    const key = randomBytes(32);
    const target = { kind: "run" as const, id: randomUUID() };
    const credential = signInternalCredential(key, target);
    expect(verifyInternalCredential(key, credential, target)).toBe(true);
    expect(verifyInternalCredential(key, credential, { ...target, kind: "session" })).toBe(false);
    expect(verifyInternalCredential(key, credential, { ...target, id: randomUUID() })).toBe(false);
    expect(verifyInternalCredential(randomBytes(32), credential, target)).toBe(false);
    expect(verifyInternalCredential(key, credential, target, Date.now() + 61_000)).toBe(false);
    expect(verifyInternalCredential(key, `${credential}x`, target)).toBe(false);
    expect(verifyInternalCredential(key, "", target)).toBe(false);
  });
});
