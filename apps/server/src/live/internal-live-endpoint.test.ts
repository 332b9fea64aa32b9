import { randomBytes, randomUUID } from "node:crypto";
import type { RunController } from "@errand/contract";
import { openTestDb } from "@errand/db/testing";
import {
  createLiveRuns,
  createLiveSessions,
  INTERNAL_LIVE_CALL_PATH,
  INTERNAL_LIVE_SOCKET_PATH,
  signInternalCredential,
  type LiveTarget,
} from "@errand/services/live";
import { silentLogger } from "@errand/services/logging";
import type { ServiceContext } from "@errand/services";
import { makeTestContext } from "@errand/services/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startInternalLiveEndpoint, type InternalLiveEndpoint } from "./internal-live-endpoint.ts";

const { db, close } = openTestDb();
const key = randomBytes(32);
const runId = randomUUID();
let controller: RunController = "agent";
let endpoint: InternalLiveEndpoint;
let base: string;

// A browser stand-in that greets each viewer: what is under test is who may reach it.
const greeting: LiveTarget = {
  attach(viewer) {
    viewer.sendJson({ type: "notice", message: "hello from the owner" });
    return { receive: async () => {}, detach() {} };
  },
  setInteractive() {},
  notice() {},
  end() {},
};

beforeAll(async () => {
  const runs = createLiveRuns();
  runs.register({
    runId,
    userId: "owner",
    workspaceId: "team",
    live: greeting,
    controller: () => controller,
    setController: (next) => void (controller = next),
  });
  const sessions = createLiveSessions({
    open: () => Promise.reject(new Error("unused")),
    limits: { idleMs: 60_000, maxMs: 60_000, perUser: 1 },
    log: silentLogger,
  });
  const ctx: ServiceContext = {
    ...makeTestContext(db),
    live: { runs, sessions, tokenKey: randomBytes(32), tokenTtlMs: 60_000, relay: { key } },
  };
  endpoint = await startInternalLiveEndpoint({ ctx, host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${endpoint.port}`;
});
afterAll(async () => {
  await endpoint.close();
  await close();
});

const post = (body: unknown, credential?: string) =>
  fetch(`${base}${INTERNAL_LIVE_CALL_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(credential ? { authorization: `Bearer ${credential}` } : {}) },
    body: JSON.stringify(body),
  });

function openSocket(kind: string, id: string, credential?: string): Promise<{ notice?: string; refused?: number }> {
  const ws = new WebSocket(`${base.replace("http", "ws")}${INTERNAL_LIVE_SOCKET_PATH}?kind=${kind}&id=${id}`, {
    headers: credential ? { authorization: `Bearer ${credential}` } : {},
  });
  return new Promise((resolve) => {
    ws.on("message", (data) => {
      resolve({ notice: (JSON.parse(String(data)) as { message: string }).message });
      ws.close();
    });
    ws.on("unexpected-response", (_req, res) => resolve({ refused: res.statusCode }));
    ws.on("error", () => undefined);
  });
}

describe("the internal live endpoint", () => {
  it("answers calls about a browser it holds to a caller with a credential for exactly that browser", async () => {
    const mine = signInternalCredential(key, { kind: "run", id: runId });
    expect(await (await post({ kind: "run", id: runId, op: "run.status" }, mine)).json()).toEqual({
      workspaceId: "team",
      controller: "agent",
    });
    expect(await (await post({ kind: "run", id: runId, op: "run.control", controller: "person" }, mine)).json()).toEqual({
      controller: "person",
    });
    expect(controller).toBe("person");

    const other = randomUUID();
    expect((await post({ kind: "run", id: runId, op: "run.status" })).status).toBe(401);
    expect((await post({ kind: "run", id: runId, op: "run.status" }, signInternalCredential(key, { kind: "run", id: other }))).status).toBe(
      401,
    );
    expect(
      (await post({ kind: "run", id: runId, op: "run.status" }, signInternalCredential(randomBytes(32), { kind: "run", id: runId })))
        .status,
    ).toBe(401);
    expect(
      (
        await post(
          { kind: "run", id: runId, op: "run.status" },
          signInternalCredential(key, { kind: "run", id: runId }, Date.now() - 120_000),
        )
      ).status,
    ).toBe(401);
    // Not held here (ended, or a stale row led the caller here).
    expect((await post({ kind: "run", id: other, op: "run.status" }, signInternalCredential(key, { kind: "run", id: other }))).status).toBe(
      404,
    );
    expect((await post({ kind: "run", id: runId, op: "unknown" }, mine)).status).toBe(400);
    // Nothing else is served: no DevTools, no public API.
    for (const path of ["/json/version", "/json/list", "/api/v1/runs", "/"]) expect((await fetch(`${base}${path}`)).status).toBe(404);
  });

  it("relays a viewer only with a credential for the browser it asks for", async () => {
    expect(await openSocket("run", runId, signInternalCredential(key, { kind: "run", id: runId }))).toEqual({
      notice: "hello from the owner",
    });
    expect(await openSocket("run", runId)).toEqual({ refused: 401 });
    expect(await openSocket("session", runId, signInternalCredential(key, { kind: "run", id: runId }))).toEqual({ refused: 401 });
    const other = randomUUID();
    expect(await openSocket("run", other, signInternalCredential(key, { kind: "run", id: other }))).toEqual({ refused: 404 });
  });
});
