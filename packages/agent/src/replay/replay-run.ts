import type { ElementTarget, RecordedStep } from "@errand/contract";
import { executeBatch } from "../act/execute-batch.ts";
import { raceAbort } from "../lib/race-abort.ts";
import { createScreenshotter } from "../observe/screenshot.ts";
import type { ActionRecord } from "../types/actions.ts";
import type { ReplayPlan } from "../types/replay.ts";
import type { Finish } from "../types/result.ts";
import { readAnswer } from "./extraction.ts";
import { findTarget } from "./locate.ts";
import { quietWatch } from "./page-quiet.ts";
import { fillUrl, samePage } from "./parameters.ts";
import type { ReplayHost } from "./replay-host.ts";

/**
 * How long a replayed step waits at most for its element, and for the page to reach its recorded
 * address. Both end sooner once the page has stopped changing (page-quiet.ts, ADR 0009); an
 * address waits longer, as a request still in flight is a page on its way (a slow or busy server).
 */
const FIND_TIMEOUT_MS = 5_000;
const ARRIVE_TIMEOUT_MS = 10_000;
/** Steps the model may redo one call each; the next miss hands the rest of the run to the agent. */
export const MAX_REPAIRS = 2;
/** The element a replayed action acts on (and a drag's drop target), under indexes no observation uses. */
const PINNED_INDEX = 0;
const PINNED_DROP_INDEX = 999_999;

export type ReplayOutcome =
  /** Every step replayed (some maybe repaired) and the answer read off the page. */
  | { kind: "complete"; result: string; repaired: number[] }
  /** The agent's repair call ended the run (it called done, or a guard stopped it). */
  | { kind: "finished"; finish: Finish; repaired: number[] }
  /** The rest is the agent's, from this recorded step on (steps.length + 1: the answer). */
  | { kind: "handover"; from: number; reason: string; repaired: number[] };

/** finish: the step ends the run (no one answered its approval in time, docs/adr/0048-approval-before-irreversible-actions.md). */
type StepAttempt = { ok: true } | { ok: false; reason: string; acted: boolean; finish?: Finish };

/**
 * Replays a recording without the model: each step's element found through its ladder, acted on,
 * and the page checked to be where it was when recorded; then the answer read off the last page.
 * A miss gets one model call to redo that step (the page must then be where the step left it);
 * after MAX_REPAIRS repairs, or a repair that does not get there, the agent takes the rest.
 */
export async function replayRun(host: ReplayHost, plan: ReplayPlan): Promise<ReplayOutcome> {
  const { steps, extraction } = plan.recording;
  const recorder = host.recorder;
  const screenshots = createScreenshotter();
  const repaired: number[] = [];
  const done: string[] = [];
  host.env.pinned = new Map();

  for (const step of steps) {
    const attempt: StepAttempt = step.volatile
      ? ({ ok: false, reason: "This step went differently between runs, so the agent does it.", acted: false } as const)
      : await replayStep(host, step, plan.values, screenshots);
    if (attempt.ok) {
      recorder?.push(withoutNumber(step));
      done.push(step.intent);
      continue;
    }
    if (attempt.finish) return { kind: "finished", finish: attempt.finish, repaired };
    if (attempt.acted) recorder?.push(withoutNumber(step));
    if (repaired.length >= MAX_REPAIRS) return { kind: "handover", from: step.number, reason: attempt.reason, repaired };
    const expected = fillUrl(step.expect.url, plan.values);
    host.note(repairNote(done, step, attempt.reason, expected));
    const before = recorder?.count() ?? 0;
    const finish = await host.repairStep();
    repaired.push(step.number);
    if (finish) return { kind: "finished", finish, repaired };
    // The recorder writes down only actions that worked.
    const acted = (recorder?.count() ?? 0) > before;
    recorder?.markRepaired(before, step.repairs + 1);
    // The repair's click may have started a navigation that its settling did not see arrive.
    if (!acted || !(await arrivedAt(host, expected))) {
      return {
        kind: "handover",
        from: step.number + 1,
        reason: `The agent's repair of step ${step.number} did not bring the page to ${expected}.`,
        repaired,
      };
    }
    done.push(step.intent);
  }

  const answer = await readAnswer(host.page(), extraction, { timeoutMs: FIND_TIMEOUT_MS, settled: () => settledWatch(host) });
  if (!answer.ok) return { kind: "handover", from: steps.length + 1, reason: answer.reason, repaired };
  if (extraction.format === "json" && host.fitsSchema && !host.fitsSchema(JSON.parse(answer.value) as unknown)) {
    return { kind: "handover", from: steps.length + 1, reason: "The answer read off the page does not fit the JSON schema.", repaired };
  }
  await emitAnswerStep(host, answer.value, screenshots);
  return { kind: "complete", result: answer.value, repaired };
}

/** What the agent is told when a replay hands it the rest of the run. */
export function handoverNote(plan: ReplayPlan, from: number, reason: string): string {
  const done = plan.recording.steps.filter((s) => s.number < from).map((s) => `${s.number}. ${s.intent}`);
  const what = done.length
    ? `These steps of the task were already done by replaying a recording of an earlier run:\n${done.join("\n")}\n`
    : "";
  return `${what}The replay stopped: ${reason} Continue the task from the page as it is now.`;
}

function repairNote(done: string[], step: RecordedStep, reason: string, expected: string): string {
  const sofar = done.length
    ? `Steps done so far by replaying a recording of an earlier run: ${done.map((d, i) => `${i + 1}. ${d}`).join(" ")} `
    : "";
  const element = step.target ? ` on ${step.target.description}` : "";
  return `${sofar}The next recorded step could not be replayed: "${step.intent}" (${step.action}${element}). ${reason} Do what that step was for, now, in this one step; afterwards the page should be at ${expected}. Do not call done unless the task is finished.`;
}

function withoutNumber(step: RecordedStep): Omit<RecordedStep, "number"> {
  const { number: _number, ...rest } = step;
  return rest;
}

async function replayStep(
  host: ReplayHost,
  step: RecordedStep,
  values: Record<string, string>,
  screenshots: ReturnType<typeof createScreenshotter>,
): Promise<StepAttempt> {
  const page = host.page();
  const startedAt = new Date();
  // Where a repair before this step really left the page.
  host.recorder?.correctLast(page.url());
  const input: Record<string, unknown> = { ...step.input };
  if (typeof input.url === "string") input.url = fillUrl(input.url, values);
  if (step.action === "wait") input.seconds = Math.min(Number(input.seconds) || 0, 1); // elements are waited for instead
  /** The step failed before acting: an element it needs is not on the page. */
  const notFound = async (what: string, shown: Record<string, unknown>): Promise<StepAttempt> => {
    const reason = `Could not find ${what} on the page.`;
    const screenshot = await screenshots.capture(page).catch(() => null);
    await emitStep(host, step, { startedAt, screenshot, input: { ...shown, replayed: true }, reason });
    return { ok: false, reason, acted: false };
  };
  let element = "";
  if (step.target) {
    const found = await raceAbort(findTarget(page, step.target, FIND_TIMEOUT_MS, { settled: settledWatch(host) }), host.signal);
    if (!found) return notFound(step.target.description || "its element", { ...step.input, element: step.target.description });
    host.env.pinned!.set(PINNED_INDEX, found.element);
    input.index = PINNED_INDEX;
    element = step.target.description;
  }
  if (isTarget(input.to)) {
    const drop = await raceAbort(findTarget(page, input.to, FIND_TIMEOUT_MS, { settled: settledWatch(host) }), host.signal);
    if (!drop) return notFound(input.to.description || "where it was dropped", step.input);
    host.env.pinned!.set(PINNED_DROP_INDEX, drop.element);
    delete input.to;
    input.to_index = PINNED_DROP_INDEX;
  }
  if (step.action === "type" || step.action === "type_at") {
    const value = step.value;
    if (!value || value.kind === "secret") return { ok: false, reason: "It types a secret, which recordings never keep.", acted: false };
    input.text = value.kind === "parameter" ? (values[value.name] ?? "") : value.text;
  }
  const screenshot = await screenshots.capture(page).catch(() => null);
  const title = await page.title().catch(() => "");
  const [result] = await raceAbort(
    executeBatch(host.env, [{ id: `replay-${step.number}`, name: step.action, input }], host.batch),
    host.signal,
  );
  host.env.pinned!.delete(PINNED_INDEX);
  host.env.pinned!.delete(PINNED_DROP_INDEX);
  const ok = result?.record.ok === true;
  let reason = ok ? "" : `The recorded ${step.action} failed: ${result?.record.error ?? "unknown error"}`;
  if (ok) {
    const expected = fillUrl(step.expect.url, values);
    const arrived = await arrivedAt(host, expected);
    if (!arrived) reason = `After it the page was at ${host.page().url()}, not at ${expected} as when it was recorded.`;
  }
  const shownInput = {
    ...step.input,
    ...(element ? { element } : {}),
    ...(step.action === "type" ? { text: input.text } : {}),
    replayed: true,
  };
  await emitStep(host, step, { startedAt, screenshot, title, url: page.url(), input: shownInput, reason: reason || null });
  return reason ? { ok: false, reason, acted: ok, ...(result?.finish && { finish: result.finish }) } : { ok: true };
}

/** A replayed step as people see it: the recorded action, its screenshot, and why it missed if it did. */
async function emitStep(
  host: ReplayHost,
  step: RecordedStep,
  args: { startedAt: Date; screenshot: Buffer | null; input: Record<string, unknown>; reason: string | null; title?: string; url?: string },
) {
  const page = host.page();
  const shown: ActionRecord = { name: step.action, input: args.input, ok: !args.reason, ...(args.reason ? { error: args.reason } : {}) };
  await host.emit({
    type: "step",
    step: {
      number: host.nextStepNumber(),
      url: args.url ?? page.url(),
      title: args.title ?? (await page.title().catch(() => "")),
      actions: [shown],
      success: null,
      error: args.reason,
      extractedContent: `Replayed: ${step.intent}`,
      screenshot: args.screenshot,
      screenshotType: "jpeg",
      inputTokens: 0,
      outputTokens: 0,
      durationMs: Date.now() - args.startedAt.getTime(),
      startedAt: args.startedAt,
      downloads: await host.stepDownloads(),
    },
  });
}

/** Waits for the page to stop changing, so a miss is known as soon as the page has shown all it will. */
function settledWatch(host: ReplayHost): () => Promise<boolean> {
  return quietWatch(host.page(), host.batch.tracker);
}

async function arrivedAt(host: ReplayHost, expected: string): Promise<boolean> {
  const deadline = Date.now() + ARRIVE_TIMEOUT_MS;
  const settled = settledWatch(host);
  for (;;) {
    const page = host.page();
    if (samePage(page.url(), expected)) return true;
    if (Date.now() >= deadline || host.signal.aborted || (await settled())) return false;
    await page.waitForTimeout(100).catch(() => {});
  }
}

async function emitAnswerStep(host: ReplayHost, answer: string, screenshots: ReturnType<typeof createScreenshotter>) {
  const page = host.page();
  const startedAt = new Date();
  await host.emit({
    type: "step",
    step: {
      number: host.nextStepNumber(),
      url: page.url(),
      title: await page.title().catch(() => ""),
      actions: [{ name: "done", input: { success: true, replayed: true }, ok: true }],
      success: true,
      error: null,
      extractedContent: answer.slice(0, 4_000),
      screenshot: await screenshots.capture(page).catch(() => null),
      screenshotType: "jpeg",
      inputTokens: 0,
      outputTokens: 0,
      durationMs: Date.now() - startedAt.getTime(),
      startedAt,
      downloads: await host.stepDownloads(),
    },
  });
}

function isTarget(value: unknown): value is ElementTarget {
  return typeof value === "object" && value !== null && Array.isArray((value as ElementTarget).locators);
}
