import { LIVE_CLOSE, type LiveServerMessage } from "@errand/contract";
import { authContexts, liveEndpoints } from "@errand/db";
import { openSecret } from "@errand/services/secrets";
import { DEMO_USER, SESSION_COOKIE, type FakeResponder } from "@errand/testkit";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectTestViewer, pressKey, typeText, type TestViewer } from "@errand/server/testing";
import { freePort } from "../testing/process-tree.ts";
import { startCluster, type Cluster } from "../testing/start-cluster.ts";
import { pollFor } from "@errand/testkit/testing";

// Two API processes and two worker processes on one Postgres (ADR 0013): whichever process holds
// a browser, any API process shows it, hands it to a person and back, and saves logins from it.
vi.setConfig({ testTimeout: 180_000 });

const VERIFIED = "Verified: a person pressed the button";
/** The agent waits on the human check until a person has pressed its button, then reports it. */
const waitForPerson: FakeResponder = (req) => {
  const seen = req.messages.map((m) => m.text).join("\n");
  return seen.includes(VERIFIED)
    ? { toolCalls: [{ name: "done", arguments: { success: true, text: "A person verified it." } }] }
    : { toolCalls: [{ name: "wait", arguments: { seconds: 1 } }] };
};

let cluster: Cluster;
let apiKey: string;
/** Each worker's internal live port, so a test knows which process holds a run. */
const workerPorts: number[] = [];

beforeAll(async () => {
  for (let i = 0; i < 4; i++) workerPorts.push(await freePort());
  cluster = await startCluster({
    apis: 2,
    workers: 2,
    workerConcurrency: 1,
    responder: waitForPerson,
    workerEnv: (i) => ({ LIVE_INTERNAL_PORT: String(workerPorts[i]) }),
  });
  ({ apiKey } = await cluster.signUp(0));
}, 240_000);
afterAll(async () => {
  await cluster?.close();
});

async function call(api: number, method: string, path: string, body?: unknown) {
  const res = await fetch(`${cluster.apis[api]!.baseUrl}/api/v1${path}`, {
    method,
    headers: { "x-api-key": apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const errorMessage = (body: Record<string, unknown>) => String((body.error as { message?: string } | undefined)?.message);
const lastState = (viewer: TestViewer) =>
  viewer.messages.filter((m): m is Extract<LiveServerMessage, { type: "state" }> => m.type === "state").at(-1);

async function startHumanCheckRun() {
  const created = await call(0, "POST", "/runs", {
    prompt: "Wait until a person has pressed the button",
    initial_url: `${cluster.sites.url}/human-check`,
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** The viewer link, asked of `api` until the run has started in a worker and opened its browser. */
async function liveLink(api: number, runId: string) {
  const answer = await pollFor(
    () => call(api, "POST", `/runs/${runId}/live`),
    (r) => r.status === 200 || !/waiting for a worker/.test(errorMessage(r.body)),
    { timeout: 60_000, interval: 200 },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { debug_url: string; controller: string };
}

describe("live view across processes", () => {
  it("watches a run a worker process executes through API B, takes it over there, hands it back through A, and sees it end", async () => {
    const runId = await startHumanCheckRun();
    const live = await liveLink(1, runId);
    expect(live.controller).toBe("agent");
    expect(live.debug_url.startsWith(`${cluster.apis[1]!.baseUrl}/live/runs/${runId}#token=`)).toBe(true);

    // The frames come over API B's public socket, relayed from the worker process.
    const viewer = await connectTestViewer(cluster.apis[1]!.baseUrl, live.debug_url);
    await viewer.waitFor(() => viewer.frames > 0 && lastState(viewer)?.url.endsWith("/human-check"), "frames of the human check", 30_000);
    expect(lastState(viewer)?.interactive).toBe(false);

    const take = await call(1, "POST", `/runs/${runId}/control`, { action: "take" });
    expect(take).toEqual({ status: 200, body: { controller: "person" } });
    await viewer.waitFor(() => lastState(viewer)?.interactive, "the viewer becoming interactive");
    // The agent pauses: at most the model call under way when control was taken still completes.
    const asked = cluster.model.chatRequests().length;

    // The person presses the button (the top 360 px of the page) through the relayed socket.
    viewer.send({ type: "mouse", action: "down", x: 200, y: 150, button: "left", clickCount: 1, modifiers: 0 });
    viewer.send({ type: "mouse", action: "up", x: 200, y: 150, button: "left", clickCount: 1, modifiers: 0 });
    viewer.send({ type: "ping", t: 1 });
    await viewer.waitFor(() => viewer.messages.some((m) => m.type === "pong"), "the pong after the click");
    expect(cluster.model.chatRequests().length).toBeLessThanOrEqual(asked + 1);
    expect((await call(0, "POST", `/runs/${runId}/live`)).body.controller).toBe("person");

    const release = await call(0, "POST", `/runs/${runId}/control`, { action: "release" });
    expect(release).toEqual({ status: 200, body: { controller: "agent" } });

    // The agent sees the click's effect, finishes, and the viewer is told.
    const run = await pollFor(
      () => call(0, "GET", `/runs/${runId}`),
      (r) => r.body.status !== "pending",
      { timeout: 60_000, interval: 200 },
    );
    expect(run.body).toMatchObject({ status: "success", result: "A person verified it." });
    await viewer.waitFor(() => viewer.closed, "the end of the live view", 15_000);
    expect(viewer.messages.find((m) => m.type === "ended")).toMatchObject({ reason: "finished" });
    expect(viewer.closed?.code).toBe(LIVE_CLOSE.ended);
    // Its browser is gone: no row is left behind.
    await pollFor(
      () => cluster.db.select().from(liveEndpoints).where(eq(liveEndpoints.targetId, runId)),
      (rows) => rows.length === 0,
      { timeout: 10_000, interval: 200 },
    );
  });

  it("opens a login session through API A, shows and saves it through API B", async () => {
    const opened = await call(0, "POST", "/auth-contexts/sessions", { urls: [`${cluster.sites.url}/login`] });
    expect(opened.status).toBe(201);
    const { id: sessionId, debug_url: debugUrl } = opened.body as { id: string; debug_url: string };

    const viewer = await connectTestViewer(cluster.apis[1]!.baseUrl, debugUrl);
    await viewer.waitFor(
      () => lastState(viewer)?.url.endsWith("/login") && !lastState(viewer)?.loading && viewer.frames > 0,
      "the login page",
      30_000,
    );
    // The e-mail field has autofocus: the person types, tabs to the password and presses Enter.
    typeText(viewer, DEMO_USER.email);
    pressKey(viewer, "Tab");
    typeText(viewer, DEMO_USER.password);
    pressKey(viewer, "Enter");
    await viewer.waitFor(() => lastState(viewer)?.url.endsWith("/account"), "the account page", 15_000);

    const saved = await call(1, "POST", "/auth-contexts", { name: "Demo shop", urls: [cluster.sites.url], session_id: sessionId });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    await viewer.waitFor(() => viewer.messages.find((m) => m.type === "ended" && m.reason === "saved"), "the saved message");

    const [row] = await cluster.db
      .select()
      .from(authContexts)
      .where(eq(authContexts.id, saved.body.id as string));
    const state = JSON.parse(openSecret(cluster.ctx, row!.encryptedState!)) as { cookies: { name: string }[] };
    expect(state.cookies.map((c) => c.name)).toContain(SESSION_COOKIE);
    // Closed in API A's process: neither API finds it any more.
    expect((await call(1, "DELETE", `/auth-contexts/sessions/${sessionId}`)).status).toBe(404);
    expect((await call(0, "DELETE", `/auth-contexts/sessions/${sessionId}`)).status).toBe(404);
  });

  it("closes a login session opened through API B from API A", async () => {
    const opened = await call(1, "POST", "/auth-contexts/sessions", { urls: [`${cluster.sites.url}/login`] });
    expect(opened.status).toBe(201);
    const viewer = await connectTestViewer(cluster.apis[0]!.baseUrl, opened.body.debug_url as string);
    await viewer.waitFor(() => viewer.frames > 0, "a first frame", 30_000);
    expect((await call(0, "DELETE", `/auth-contexts/sessions/${opened.body.id as string}`)).status).toBe(204);
    await viewer.waitFor(() => viewer.messages.find((m) => m.type === "ended" && m.reason === "closed"), "the closed message");
  });

  it("answers a run whose worker process was killed with the usual clear message, not a hang", async () => {
    const runId = await startHumanCheckRun();
    const live = await liveLink(0, runId);
    const viewer = await connectTestViewer(cluster.apis[1]!.baseUrl, live.debug_url);
    await viewer.waitFor(() => viewer.frames > 0, "a first frame", 30_000);

    const [row] = await cluster.db
      .select()
      .from(liveEndpoints)
      .where(and(eq(liveEndpoints.kind, "run"), eq(liveEndpoints.targetId, runId)));
    const holder = cluster.workers.find((w) => row!.address.endsWith(`:${workerPorts[w.index]}`))!;
    await holder.kill("SIGKILL");

    // The watching viewer is told the browser's process stopped.
    await viewer.waitFor(() => viewer.closed, "the end of the relayed view", 15_000);
    expect(viewer.messages.find((m) => m.type === "ended")).toMatchObject({ reason: "error" });

    // A new viewer with a link issued before: refused as for a browser that is gone.
    const late = await connectTestViewer(cluster.apis[1]!.baseUrl, live.debug_url);
    await late.waitFor(() => late.closed, "the refusal", 15_000);
    expect(late.closed).toEqual({ code: LIVE_CLOSE.notFound, reason: "Running run not found" });

    // The row still names the dead process: asking for the live view or control says why, at once
    // (a failed relay also removes the row; it is put back to try the second API the same way).
    for (const [api, method, path, body] of [
      [1, "POST", `/runs/${runId}/live`, undefined],
      [0, "POST", `/runs/${runId}/control`, { action: "take" }],
    ] as const) {
      await cluster.db
        .insert(liveEndpoints)
        .values({ kind: "run", targetId: runId, userId: row!.userId, address: row!.address, expiresAt: row!.expiresAt })
        .onConflictDoNothing();
      const answer = await call(api, method, path, body);
      expect(answer.status).toBe(409);
      expect(errorMessage(answer.body)).toMatch(/no live browser to show|has ended/);
    }
  });
});
