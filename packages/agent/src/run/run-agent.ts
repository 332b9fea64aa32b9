import type { BrowserContext } from "playwright-core";
import { checkedUrl, gotoUrl } from "../act/page-actions.ts";
import { raceAbort } from "../lib/race-abort.ts";
import { checkCaps } from "../loop/caps.ts";
import { beforeStep } from "../loop/challenges.ts";
import { checkJsonAnswer, prepareJsonSchema } from "../loop/json-result.ts";
import type { RunContext } from "../loop/run-context.ts";
import { createRunControl } from "../loop/run-control.ts";
import { runStep } from "../loop/run-step.ts";
import { stepDownloads } from "../loop/step-report.ts";
import { finishRecording } from "../replay/finish-recording.ts";
import type { Recorder } from "../replay/recorder.ts";
import type { ReplayHost } from "../replay/replay-host.ts";
import { handoverNote, replayRun } from "../replay/replay-run.ts";
import type { ReplayOutcome } from "../replay/replay-run.ts";
import { createAddressPolicy } from "../safety/address-policy.ts";
import type { GrowingRedactor } from "../safety/secrets/redact.ts";
import type { AgentInput } from "../types/agent.ts";
import type { AgentResult, Finish } from "../types/result.ts";
import { buildRunContext } from "./build-run-context.ts";
import { readFinalPage } from "./final-page.ts";
import { prepareBrowser } from "./run-browser.ts";
import type { RunBrowser } from "./run-browser.ts";
import { CANCELLED, endingAfterError } from "./run-ending.ts";
import { startRun } from "./start-run.ts";
import type { RunBooks } from "./start-run.ts";

/**
 * Carries out a task in the given browser context and returns how it ended. Emits a step event
 * after every step. Never throws: faults end the run with status "error" and a reason.
 *
 * In order: the run's books and a task it can refuse at once; the clock; the browser side; the
 * start page; a replay of the recording when there is one; then step after step until one ends
 * the run; the recording it leaves.
 */
export async function runAgent(input: AgentInput): Promise<AgentResult> {
  const run = startRun(input);
  const schema = input.task.responseFormat === "json" ? prepareJsonSchema(input.task.jsonSchema) : undefined;
  if (schema && !schema.ok) return run.result({ status: "failed", result: null, reason: schema.reason, failureKind: "setup_problem" });
  if (input.signal?.aborted) return run.result(CANCELLED);

  const control = createRunControl(run.limits.timeoutMs, input.signal);
  await hideSavedCookies(input.context, run.redactor);
  const policy = createAddressPolicy(input.network);
  let browser: RunBrowser | undefined;
  try {
    browser = await prepareBrowser(input, policy, run);
    const { ctx, recorder } = buildRunContext(input, { run, control, policy, browser, schema });
    await openStartPage(ctx, input.task.initialUrl);
    const result = await carryOut(input, run, ctx, recorder);
    // Read before the browser side is disposed: the checks of a verified result need the last page.
    return input.keepFinalPage && result.status === "success" ? { ...result, finalPage: await readFinalPage(ctx) } : result;
  } catch (error) {
    return run.result(endingAfterError(error, control, run.limits));
  } finally {
    control.dispose();
    await browser?.dispose();
  }
}

/** Cookies the context starts with (a saved login) are secrets too, whatever the caller lists. */
async function hideSavedCookies(context: BrowserContext, redactor: GrowingRedactor) {
  const saved = (await context.cookies().catch(() => [])).map((c) => c.value).filter((v) => v.length >= 8);
  redactor.add(...saved);
}

/** A start page that cannot be opened is not the end: the model is told and starts from where the tab is. */
async function openStartPage(ctx: RunContext, initialUrl: string | null | undefined) {
  if (!initialUrl) return;
  try {
    const url = await checkedUrl(ctx.env, initialUrl);
    await raceAbort(gotoUrl(ctx.env, ctx.tabs.page(), url), ctx.control.signal);
  } catch (error) {
    if (ctx.control.signal.aborted) throw error;
    ctx.state.notes.push(`The start page could not be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
  ctx.deps.guard.drainBlocked();
}

/**
 * The run proper: the recording replayed first when there is one (the agent takes over where it
 * misses), then captcha challenges and steps until one ends the run. A recorded run's result says
 * how it was carried out and carries the recording it leaves.
 */
async function carryOut(input: AgentInput, run: RunBooks, ctx: RunContext, recorder: Recorder | undefined): Promise<AgentResult> {
  const host = replayHost(ctx, recorder);
  const recorded = (finish: Finish, outcome: ReplayOutcome | null) =>
    finishRecording({ host, finish, outcome, plan: input.replay, prompt: input.task.prompt }).then((extra) => ({
      ...run.result(finish),
      ...extra,
    }));
  let outcome: ReplayOutcome | null = null;
  if (input.replay) {
    outcome = await replayRun(host, input.replay);
    if (outcome.kind === "complete")
      return await recorded({ status: "success", result: outcome.result, reason: null, failureKind: null }, outcome);
    if (outcome.kind === "finished") return await recorded(outcome.finish, outcome);
    ctx.state.notes.push(handoverNote(input.replay, outcome.from, outcome.reason));
  }
  for (;;) {
    // Captcha challenges first (each solve is a step of its own), then the step's own number.
    const finish =
      (await beforeStep(ctx)) ?? (await runStep(ctx, ctx.state.emitted + 1)) ?? (await checkCaps(ctx, input.checkCaps, run.usage));
    if (finish) return recorder ? await recorded(finish, outcome) : run.result(finish);
  }
}

/** The run as a replay sees it: a repair is one step of the agent's own. */
function replayHost(ctx: RunContext, recorder: Recorder | undefined): ReplayHost {
  const validate = ctx.done.validate;
  return {
    env: ctx.env,
    // A recorded step that needed approval needs it again (docs/adr/0048-approval-before-irreversible-actions.md).
    batch: { tracker: ctx.deps.tracker, guard: ctx.deps.guard, downloads: ctx.deps.downloads, approval: ctx.deps.approval },
    recorder,
    page: () => ctx.tabs.page(),
    signal: ctx.control.signal,
    note: (text) => void ctx.state.notes.push(text),
    nextStepNumber: () => ctx.state.emitted + 1,
    emit: ctx.emit,
    stepDownloads: () => stepDownloads(ctx),
    repairStep: () => runStep(ctx, ctx.state.emitted + 1),
    responseFormat: ctx.done.responseFormat,
    fitsSchema: validate ? (value) => checkJsonAnswer(validate, value).ok : undefined,
  };
}
