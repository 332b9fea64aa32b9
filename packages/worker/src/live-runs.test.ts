import type { LiveServerMessage } from "@errand/contract";
import { authContexts } from "@errand/db";
import { createLiveRuns, type SavedState } from "@errand/services/live";
import { createTaskWithRun } from "@errand/services/runs";
import { openSecret, sealSecret } from "@errand/services/secrets";
import { DEMO_USER, SESSION_COOKIE, type ChatRequest } from "@errand/testkit";
import { eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import { pollFor } from "@errand/testkit/testing";
import { testCaller } from "@errand/services/testing";
import { storedRecords } from "./testing/stored-records.ts";
import { storedSessionRecording } from "./testing/stored-session-recording.ts";
import { workerTest, type TestWorker } from "./testing/test-worker.ts";

vi.setConfig({ testTimeout: 90_000 });
const liveRuns = createLiveRuns();
const it = workerTest.extend("workerOptions", { liveRuns });
let harness: TestWorker;
let db: TestWorker["db"];
let ctx: TestWorker["ctx"];
let sites: TestWorker["sites"];

const lastUserText = (req: ChatRequest) => req.messages.filter((m) => m.role === "user").at(-1)?.text ?? "";
const assistantTurns = (req: ChatRequest) => req.messages.filter((m) => m.role === "assistant").length;

it.beforeAll(({ worker }) => {
  harness = worker;
  ({ db, ctx, sites } = harness);
  harness.model.setResponder((req) => {
    const all = req.messages.map((m) => m.text).join("\n");
    if (all.includes("[account]")) {
      if (assistantTurns(req) === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sites.url}/account` } }] };
      const signedIn = lastUserText(req).includes("Welcome back, Demo");
      return { toolCalls: [{ name: "done", arguments: { success: signedIn, text: signedIn ? "signed in" : "not signed in" } }] };
    }
    if (all.includes("[human]")) {
      if (assistantTurns(req) === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sites.url}/human-check` } }] };
      if (lastUserText(req).includes("Verified: a person pressed the button"))
        return { toolCalls: [{ name: "done", arguments: { success: true, text: "verified" } }] };
      return { toolCalls: [{ name: "wait", arguments: { seconds: 0.5 } }] };
    }
    return { hang: true };
  });
});

const newUser = () => harness.newUser();
const finished = (userId: string, runId: string) => harness.waitForEnd(userId, runId);

/** Waits up to 30 s for `check` to give a value (expect.poll underneath), naming what it waits for. */
const until = <T>(check: () => T | Promise<T>, what: string) =>
  pollFor(check, { timeout: 30_000, message: `timed out waiting for ${what}` });

/** Logs in to the fixture site over HTTP and saves that login as an auth context. */
async function savedLogin(userId: string) {
  const res = await fetch(`${sites.url}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: DEMO_USER.email, password: DEMO_USER.password }),
    redirect: "manual",
  });
  const token = /fixture_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")![1]!;
  const host = new URL(sites.url).hostname;
  const state: SavedState = {
    cookies: [{ name: SESSION_COOKIE, value: token, domain: host, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" }],
    origins: [],
  };
  const [row] = await db
    .insert(authContexts)
    .values({
      userId,
      workspaceId: userId,
      name: "Fixture",
      urls: [`${sites.url}/login`],
      encryptedState: sealSecret(ctx, JSON.stringify(state)),
      updatedAt: new Date(Date.now() - 60_000),
    })
    .returning();
  return { id: row!.id, token };
}

const savedToken = async (id: string) => {
  const [row] = await db.select().from(authContexts).where(eq(authContexts.id, id));
  const state = JSON.parse(openSecret(ctx, row!.encryptedState!)) as SavedState;
  return { token: state.cookies.find((c) => c.name === SESSION_COOKIE)?.value, updatedAt: row!.updatedAt };
};

describe("runs with a saved login", () => {
  it("start logged in, and keep the login alive when the site rotates its cookie", async () => {
    const user = await newUser();
    const login = await savedLogin(user.id);
    const first = await createTaskWithRun({
      ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "[account] open my account", auth_context_id: login.id } },
    });
    const { run } = await finished(user.id, first.run.id);
    expect(run).toMatchObject({ status: "success", result: "signed in" });
    // Its session recording shows the account page, never the saved login's cookie (docs/adr/0047-session-recordings.md).
    const recorded = (await storedSessionRecording(harness.storage, run.id))!;
    expect(recorded.text).toContain("Welcome back, Demo");
    expect(recorded.text).not.toContain(login.token);

    // /account replaced the session token (the old one no longer works); the new one was saved.
    const after = await savedToken(login.id);
    expect(after.token).toMatch(/^sess-/);
    expect(after.token).not.toBe(login.token);
    expect(after.updatedAt.getTime()).toBeGreaterThan(Date.now() - 30_000);
    // The run's HAR has the visit but neither the saved cookie nor the one the site rotated it to (docs/adr/0051-run-har-trace-bundle.md).
    const { har, harText, traceText } = await storedRecords(harness.storage, first.run.id);
    expect(har.log.entries.some((entry) => new URL(entry.request.url).pathname === "/account" && entry.response.status === 200)).toBe(true);
    // Nor does its trace (docs/adr/0050-run-traces.md).
    for (const token of [login.token, after.token!]) {
      expect(harText).not.toContain(token);
      expect(traceText).not.toContain(token);
    }

    const second = await createTaskWithRun({
      ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "[account] again", auth_context_id: login.id, recording: false } },
    });
    expect((await finished(user.id, second.run.id)).run).toMatchObject({ status: "success", result: "signed in", recording: false });
    // Turned off for this run: nothing is recorded (the recording is stored before the run ends).
    expect(await storedSessionRecording(harness.storage, second.run.id)).toBeNull();
  });

  it("a run without the context is not signed in", async () => {
    const user = await newUser();
    const created = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "[account] no login" } } });
    expect((await finished(user.id, created.run.id)).run).toMatchObject({ status: "failed" });
  });
});

describe("taking over a run", () => {
  it("pauses the agent while a person acts, and the run finishes after hand-back", async () => {
    const user = await newUser();
    const created = await createTaskWithRun({
      ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "[human] pass the check" } },
    });
    const live = await until(() => liveRuns.get(created.run.id), "the run to be offered live");
    expect(live.userId).toBe(user.id);

    const messages: LiveServerMessage[] = [];
    let frames = 0;
    const attachment = live.live.attach({
      sendJson: (m) => void messages.push(m),
      sendBinary: () => void frames++,
      bufferedAmount: () => 0,
    });
    await until(() => messages.find((m) => m.type === "state" && m.url.endsWith("/human-check") && !m.loading), "the check page");
    await until(() => frames > 0, "a frame");
    expect(messages.filter((m) => m.type === "state").every((m) => m.type === "state" && !m.interactive)).toBe(true);

    // Watching only: a click does nothing.
    const click = async () => {
      await attachment.receive({ type: "mouse", action: "down", x: 640, y: 250, button: "left", clickCount: 1, modifiers: 0 });
      await attachment.receive({ type: "mouse", action: "up", x: 640, y: 250, button: "left", clickCount: 1, modifiers: 0 });
    };
    await click();

    live.setController("person");
    expect(live.controller()).toBe("person");
    await until(() => messages.find((m) => m.type === "state" && m.interactive), "an interactive state");
    const pausedAt = Date.now();
    // While the person holds control the agent takes no step: it asks the model nothing. (Step
    // rows are no measure: the worker keeps them while the agent goes on, so one taken just
    // before the pause may be written during it.)
    const callsBefore = harness.model.chatRequests().length;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(harness.model.chatRequests().length - callsBefore).toBeLessThanOrEqual(1); // one already on its way may go out
    await click();
    live.setController("agent");
    const heldMs = Date.now() - pausedAt;

    const { run } = await finished(user.id, created.run.id);
    expect(run).toMatchObject({ status: "success", result: "verified" });
    expect(messages.find((m) => m.type === "ended")).toBeDefined();
    expect(liveRuns.get(created.run.id)).toBeUndefined();
    // The person's time is not billed: the run took longer than the time it is charged for.
    expect(run.execution_time! * 1000).toBeLessThan(Date.now() - new Date(run.created_at).getTime() - heldMs + 1_000);
  });
});
