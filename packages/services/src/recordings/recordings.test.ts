import type { RecordingDraft } from "@errand/contract";
import { describe, expect } from "vitest";
import { createTestAccount, serviceTest, testCaller } from "../testing.ts";
import { claimRun, createRunForTask, createTaskWithRun, finishRun } from "../runs/index.ts";
import { exportPlaywrightScript, listTaskRecordings, planRunReplay } from "./index.ts";
import { updateTask } from "../tasks/index.ts";
import type { ServiceContext } from "../index.ts";

const it = serviceTest.extend("contextConfig", { scope: "file" }, { billingEnabled: false });

const PROMPT = "Search the shop for lamp and give the first price";
const draft = (prompt = PROMPT): RecordingDraft => ({
  prompt,
  parameters: [{ name: "p1", value: "lamp" }],
  steps: [
    {
      number: 1,
      intent: "Search for lamp",
      action: "type",
      input: { press_enter: true },
      target: { locators: [{ kind: "role", role: "searchbox", name: "Search" }], frame_path: [], description: "<input>" },
      value: { kind: "parameter", name: "p1" },
      expect: { url: "https://shop.example/?q={p1}", url_changed: true },
      repairs: 0,
      volatile: false,
    },
  ],
  extraction: { format: "text", reads: [], template: ["$1"] },
});

async function savedTask(ctx: ServiceContext) {
  const user = await createTestAccount(ctx);
  const caller = testCaller(user.id);
  const { task, run } = await createTaskWithRun({
    ctx,
    caller,
    input: { settings: { prompt: PROMPT, initial_url: "https://shop.example/" } },
  });
  return { caller, task, first: run };
}

/** Ends a run as the worker would, with how it went. */
async function end(
  ctx: ServiceContext,
  runId: string,
  status: "success" | "failed",
  execution: Parameters<typeof finishRun>[0]["input"]["execution"],
  seconds = 10,
  tokens = 1_000,
) {
  await claimRun({ ctx, input: { runId } });
  return finishRun({
    ctx,
    input: { runId, status, result: "$1", executionTime: seconds, inputTokens: tokens, outputTokens: 0, execution },
  });
}

describe("recordings", () => {
  it("keeps a successful agent run's recording as version 1 and replays it for the same task and prompt", async ({ ctx }) => {
    const { caller, task, first } = await savedTask(ctx);
    expect(await planRunReplay({ ctx, input: { runId: first.id } })).toEqual({ record: true, replay: null, note: null, refuse: null });
    const ended = await end(ctx, first.id, "success", {
      kind: "agent",
      recordingVersion: null,
      repairedSteps: [],
      note: null,
      recording: draft(),
    });
    expect(ended?.execution).toMatchObject({ kind: "agent", new_recording_version: 1, tokens_saved: null });

    const second = await createRunForTask({
      ctx,
      caller,
      input: { taskId: task.id, settings: { prompt: PROMPT.replace("lamp", "chair"), initial_url: "https://shop.example/" } },
    });
    const plan = await planRunReplay({ ctx, input: { runId: second.id } });
    expect(plan).toMatchObject({ record: true, note: null, refuse: null, replay: { values: { p1: "chair" }, recording: { version: 1 } } });
    const list = await listTaskRecordings({ ctx, caller, input: { taskId: task.id } });
    expect(list.recordings.map((r) => [r.version, r.kind, r.origin])).toEqual([
      [1, "recorded", { run_id: first.id, seconds: 10, input_tokens: 1_000, output_tokens: 0 }],
    ]);
  });

  it("says what a replay saved, and a repaired version keeps the original agent run's cost", async ({ ctx }) => {
    const { caller, task, first } = await savedTask(ctx);
    await end(ctx, first.id, "success", { kind: "agent", recordingVersion: null, repairedSteps: [], note: null, recording: draft() });
    const replay = await createRunForTask({
      ctx,
      caller,
      input: { taskId: task.id, settings: { prompt: PROMPT, initial_url: "https://shop.example/" } },
    });
    const replayed = await end(
      ctx,
      replay.id,
      "success",
      { kind: "repaired", recordingVersion: 1, repairedSteps: [1], note: null, recording: draft() },
      4,
      300,
    );
    expect(replayed?.execution).toEqual({
      kind: "repaired",
      recording_version: 1,
      repaired_steps: [1],
      new_recording_version: 2,
      tokens_saved: 700,
      seconds_saved: 6,
      note: null,
    });
    const list = await listTaskRecordings({ ctx, caller, input: { taskId: task.id } });
    expect(list.recordings.map((r) => [r.version, r.kind, r.origin.seconds, r.origin.run_id])).toEqual([
      [2, "repaired", 10, replay.id],
      [1, "recorded", 10, first.id],
    ]);
  });

  it("keeps no recording from a run that did not succeed", async ({ ctx }) => {
    const { caller, task, first } = await savedTask(ctx);
    const failed = await end(ctx, first.id, "failed", {
      kind: "agent",
      recordingVersion: null,
      repairedSteps: [],
      note: null,
      recording: draft(),
    });
    expect(failed?.execution?.new_recording_version).toBeNull();
    expect((await listTaskRecordings({ ctx, caller, input: { taskId: task.id } })).recordings).toEqual([]);
  });

  it("does not replay another prompt, a task set to always use the agent, or a run that asks for the agent; refuses mode replay up front", async ({
    ctx,
  }) => {
    const { caller, task, first } = await savedTask(ctx);
    await end(ctx, first.id, "success", { kind: "agent", recordingVersion: null, repairedSteps: [], note: null, recording: draft() });
    const run = async (settings: Record<string, unknown>) =>
      planRunReplay({
        ctx,
        input: {
          runId: (
            await createRunForTask({
              ctx,
              caller,
              input: { taskId: task.id, settings: { prompt: PROMPT, initial_url: "https://shop.example/", ...settings } },
            })
          ).id,
        },
      });
    expect(await run({ prompt: "Something else" })).toMatchObject({
      replay: null,
      record: true,
      note: "The run's prompt or settings differ from those recording 1 was made with.",
    });
    expect(await run({ initial_url: "https://other.example/" })).toMatchObject({ replay: null });
    expect(await run({ mode: "agent" })).toMatchObject({ replay: null, record: true, note: null });
    await expect(
      createRunForTask({ ctx, caller, input: { taskId: task.id, settings: { prompt: "Something else", mode: "replay" } } }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: "This run asked for a replay, but the run's prompt or settings differ from those recording 1 was made with.",
    });
    await updateTask({ ctx, caller, input: { taskId: task.id, changes: { always_use_agent: true } } });
    expect(await run({})).toMatchObject({ replay: null, record: false, note: "The task is set to always use the agent." });
  });

  it("shows a task's recordings only to its owner", async ({ ctx }) => {
    const { task } = await savedTask(ctx);
    const stranger = await createTestAccount(ctx);
    await expect(listTaskRecordings({ ctx, caller: testCaller(stranger.id), input: { taskId: task.id } })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("exports a recording as a Playwright script: the start page, ladders and parameters as data, a typed secret from the environment", async ({
    ctx,
  }) => {
    const { caller, task, first } = await savedTask(ctx);
    const recording = draft();
    const sneaky = 'Log in"); process.exit(1); //\n*/';
    recording.steps.push({ ...recording.steps[0]!, number: 2, intent: sneaky, value: { kind: "secret" } });
    // A sign-in link opened from a mailbox is kept as the vault's placeholder, and read from the environment.
    const link = { ...recording.steps[0]!, number: 3, action: "navigate" as const, target: null, value: null };
    recording.steps.push({ ...link, intent: "Open the sign-in link", input: { url: "{{secret:postbox.email_link}}" } });
    recording.steps.push({
      ...link,
      number: 4,
      action: "open_tab",
      intent: "Open it again in a tab",
      input: { url: "{{secret:postbox.email_link}}" },
    });
    await end(ctx, first.id, "success", { kind: "agent", recordingVersion: null, repairedSteps: [], note: null, recording });
    const { filename, script } = await exportPlaywrightScript({ ctx, caller, input: { taskId: task.id, version: 1 } });
    expect(filename).toBe(`errand-task-${task.id.slice(0, 8)}-recording-1.ts`);
    expect(script).toContain('const PARAMETERS: Record<string, string> = {"p1":"lamp"};');
    expect(script).toContain('const START_URL: string | null = "https://shop.example/";');
    const stepOne = script.slice(script.indexOf('await step(1, "Search for lamp", async () => {'), script.indexOf("await step(2,"));
    expect(stepOne).toMatch(
      /const field = await find\(\{.*"role":"searchbox".*\}\); await field\.fill\(\(values\["p1"\] \?\? ""\)\); await field\.press\("Enter"\);/,
    );
    expect(script).toContain('await arrive("https://shop.example/?q={p1}");');
    // Text a page or the agent wrote is only ever a string literal of the script.
    expect(script).toContain(`await step(2, ${JSON.stringify(sneaky)}, async () => {`);
    expect(script).toContain("await field.fill(secret(2));");
    expect(script).toContain("await page.goto(secret(3));");
    expect(script).toContain("page = await context.newPage(); await page.goto(secret(4));");
    expect(script).not.toContain("email_link");
    const spec = await exportPlaywrightScript({ ctx, caller, input: { taskId: task.id, version: 1, form: "spec" } });
    expect(spec.filename).toBe(`errand-task-${task.id.slice(0, 8)}-recording-1.spec.ts`);
    expect(spec.script).toContain('import { test } from "@playwright/test";');

    await expect(exportPlaywrightScript({ ctx, caller, input: { taskId: task.id, version: 2 } })).rejects.toMatchObject({
      code: "not_found",
      message: "Recording not found",
    });
    const stranger = testCaller((await createTestAccount(ctx)).id);
    await expect(exportPlaywrightScript({ ctx, caller: stranger, input: { taskId: task.id, version: 1 } })).rejects.toMatchObject({
      code: "not_found",
      message: "Task not found",
    });
  });
});
