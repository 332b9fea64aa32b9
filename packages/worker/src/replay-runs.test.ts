import { recordingListSchema, type Run } from "@errand/contract";
import { tasks } from "@errand/db";
import { createRunForTask, createTaskWithRun } from "@errand/services/runs";
import { exportPlaywrightScript, listTaskRecordings } from "@errand/services/recordings";
import { ServiceError, type ServiceContext } from "@errand/services";
import { testCaller } from "@errand/services/testing";
import { shopperTurn, testBrowserPath, type FakeModelServer, type FixtureSites } from "@errand/testkit";
import { eq } from "drizzle-orm";
import { execFile } from "node:child_process";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeEach, describe, expect, vi } from "vitest";
import { workerTest, type TestWorker } from "./testing/test-worker.ts";

// A run per step through the real worker, Chromium and Postgres: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const it = workerTest;
let harness: TestWorker;
let ctx: ServiceContext;
let model: FakeModelServer;
let sites: FixtureSites;

it.beforeAll(({ worker }) => {
  harness = worker;
  ({ ctx, model, sites } = harness);
  model.setResponder((req) => shopperTurn(req));
});
beforeEach(() => {
  sites.setReplayShopVariant("baseline");
});

const schema = {
  type: "object",
  properties: { name: { type: "string" }, price: { type: "string" }, cart: { type: "string" } },
  required: ["name", "price", "cart"],
};
const settings = () => ({
  prompt:
    "In the shop, search for lamp, open Desk Lamp, set the quantity to 2, add it to the cart, and give its name, price and the cart count",
  initial_url: `${sites.url}/replay-shop`,
  response_format: "json" as const,
  json_schema: schema,
});

/** A saved task after its first (agent) run, which recorded it. */
async function recordedTask() {
  const user = await harness.newUser();
  const caller = testCaller(user.id);
  const { run } = await createTaskWithRun({ ctx, caller, input: { settings: settings() } });
  const { run: first } = await harness.waitForEnd(user.id, run.id, 60_000);
  expect(first).toMatchObject({ status: "success", execution: { kind: "agent", new_recording_version: 1 } });
  return { user, caller, taskId: run.taskId, first };
}

/**
 * One recorded task for the tests that leave its recording as it was (a replay that saves no
 * new version, a refused replay), and last for the one that changes it (an agent run): each
 * recording costs a whole agent run. The tests that repair take a task of their own.
 */
let unchangedTask: ReturnType<typeof recordedTask> | undefined;
const sharedRecordedTask = () => (unchangedTask ??= recordedTask());

async function rerun(t: Awaited<ReturnType<typeof recordedTask>>, extra: Record<string, unknown> = {}): Promise<Run> {
  const created = await createRunForTask({ ctx, caller: t.caller, input: { taskId: t.taskId, settings: { ...settings(), ...extra } } });
  return (await harness.waitForEnd(t.user.id, created.id, 60_000)).run;
}

const answer = (run: Run) => JSON.parse(run.result ?? "null") as unknown;

describe("re-running a saved task", () => {
  it("replays its recording without the model, reads today's answer, and says what it saved", async () => {
    const t = await sharedRecordedTask();
    expect(answer(t.first)).toEqual({ name: "Desk Lamp", price: "$24.00", cart: "Cart: 2 items" });
    sites.setReplayShopVariant("repriced");
    const calls = model.chatRequests().length;
    const run = await rerun(t);
    expect(model.chatRequests().length).toBe(calls);
    expect(run).toMatchObject({ status: "success", mode: "auto", input_tokens: 0, output_tokens: 0 });
    expect(answer(run)).toEqual({ name: "Desk Lamp", price: "$25.50", cart: "Cart: 2 items" });
    expect(run.execution).toMatchObject({
      kind: "replayed",
      recording_version: 1,
      repaired_steps: [],
      new_recording_version: null,
      note: null,
    });
    expect(run.execution?.tokens_saved).toBe(t.first.input_tokens + t.first.output_tokens);
    expect(run.execution?.seconds_saved).toBeGreaterThanOrEqual(0);

    const list = recordingListSchema.parse(await listTaskRecordings({ ctx, caller: t.caller, input: { taskId: t.taskId } }));
    expect(list.recordings.map((r) => [r.version, r.kind, r.steps.length])).toEqual([[1, "recorded", 5]]);
    expect(list.recordings[0]?.parameters).toEqual([
      { name: "p1", value: "lamp" },
      { name: "p2", value: "2" },
    ]);
  });

  it("finds a moved button by its role and name: still no model call", async () => {
    const t = await sharedRecordedTask();
    sites.setReplayShopVariant("moved-button");
    const run = await rerun(t);
    expect(run).toMatchObject({ status: "success", input_tokens: 0, execution: { kind: "replayed" } });
  });

  it("has the agent repair a renamed button with one model call, and keeps the repaired recording as version 2", async () => {
    const t = await recordedTask();
    sites.setReplayShopVariant("renamed-label");
    const calls = model.chatRequests().length;
    const run = await rerun(t);
    expect(run).toMatchObject({ status: "success", execution: { kind: "repaired", recording_version: 1, new_recording_version: 2 } });
    expect(model.chatRequests().length - calls).toBeLessThanOrEqual(2);
    expect(answer(run)).toEqual({ name: "Desk Lamp", price: "$24.00", cart: "Cart: 2 items" });
    // The next run on the changed page replays version 2 whole.
    const again = await rerun(t);
    expect(again).toMatchObject({ status: "success", input_tokens: 0, execution: { kind: "replayed", recording_version: 2 } });
  });

  it("lets the agent do an extra step the page now asks for", async () => {
    const t = await recordedTask();
    sites.setReplayShopVariant("extra-step");
    const run = await rerun(t);
    expect(run).toMatchObject({ status: "success", execution: { kind: "repaired", new_recording_version: 2 } });
    expect(answer(run)).toEqual({ name: "Desk Lamp", price: "$24.00", cart: "Cart: 2 items" });
  });

  it("exports the recording as a Playwright script that plain Node runs to read today's answer off the site", async () => {
    const t = await sharedRecordedTask();
    const { filename, script } = await exportPlaywrightScript({ ctx, caller: t.caller, input: { taskId: t.taskId, version: 1 } });
    expect(filename).toMatch(/^errand-task-[0-9a-f]{8}-recording-1\.ts$/);
    sites.setReplayShopVariant("repriced");
    const answer = await runScript(filename, script);
    expect(JSON.parse(answer)).toEqual({ name: "Desk Lamp", price: "$25.50", cart: "Cart: 2 items" });
  });

  it("exports the recording as a spec that `npx playwright test` runs to read the same answer", async () => {
    const t = await sharedRecordedTask();
    const { filename, script } = await exportPlaywrightScript({
      ctx,
      caller: t.caller,
      input: { taskId: t.taskId, version: 1, form: "spec" },
    });
    expect(filename).toMatch(/^errand-task-[0-9a-f]{8}-recording-1\.spec\.ts$/);
    sites.setReplayShopVariant("repriced");
    const output = await runScript(filename, script, "spec");
    // The runner's line reporter shows what the test printed, and that it passed.
    const answer = output.split("\n").find((line) => line.startsWith("{"));
    expect(JSON.parse(answer ?? "null")).toEqual({ name: "Desk Lamp", price: "$25.50", cart: "Cart: 2 items" });
    expect(output).toMatch(/\b1 passed\b/);
  });

  it("refuses mode replay up front when there is nothing it could replay", async () => {
    const t = await sharedRecordedTask();
    const changed = { prompt: "Something else entirely" };
    const refused = await createRunForTask({
      ctx,
      caller: t.caller,
      input: { taskId: t.taskId, settings: { ...settings(), ...changed, mode: "replay" } },
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).message).toBe(
      "This run asked for a replay, but the run's prompt or settings differ from those recording 1 was made with.",
    );
  });

  // Last on the shared task: an agent run records version 2, and the task then always uses the agent.
  it("uses the agent when asked, or when the task is set to always use it", async () => {
    const t = await sharedRecordedTask();
    const asked = await rerun(t, { mode: "agent" });
    expect(asked).toMatchObject({ mode: "agent", status: "success", execution: { kind: "agent", recording_version: null } });
    expect(asked.input_tokens).toBeGreaterThan(0);
    await ctx.db.update(tasks).set({ alwaysUseAgent: true }).where(eq(tasks.id, t.taskId));
    const always = await rerun(t);
    expect(always).toMatchObject({
      execution: { kind: "agent", new_recording_version: null, note: "The task is set to always use the agent." },
    });
  });
});

/**
 * Runs an exported script as a person would (`node <file>`, or `npx playwright test <file>` for a
 * spec), outside the repository but with its node_modules (for `playwright` and `@playwright/test`),
 * on the tests' Chromium: what it prints on stdout.
 */
async function runScript(filename: string, script: string, form: "node" | "spec" = "node"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "errand-playwright-"));
  try {
    await symlink(new URL("../../../node_modules", import.meta.url).pathname, join(dir, "node_modules"));
    await writeFile(join(dir, filename), script);
    const cli = join(dir, "node_modules", "@playwright", "test", "cli.js");
    const args = form === "spec" ? [cli, "test", filename, "--reporter=line", "--workers=1"] : [filename];
    const { stdout } = await promisify(execFile)(process.execPath, args, {
      cwd: dir,
      env: { ...process.env, CHROMIUM_PATH: testBrowserPath() },
      timeout: 60_000,
    });
    return stdout.trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
