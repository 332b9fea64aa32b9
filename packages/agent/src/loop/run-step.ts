import type { LanguageModel, ToolSet } from "ai";
import type { ActionEnv } from "../act/action-env.ts";
import { executeBatch } from "../act/execute-batch.ts";
import type { BatchDeps, CallResult, ToolCallRequest } from "../act/execute-batch.ts";
import { callModel } from "../llm/call-model.ts";
import type { RetryPolicy } from "../llm/call-model.ts";
import type { Observation, Observer } from "../observe/create-observer.ts";
import { stepMessage } from "../prompts/step-message.ts";
import { askPersonSchema } from "../act/tool-definitions.ts";
import type { CaptchaSolver } from "../captcha/types.ts";
import type { Redactor } from "../safety/secrets/redact.ts";
import type { ChallengeMemory } from "./challenges.ts";
import { LOOP_LIMIT, describeCalls, formatTokens } from "./guards.ts";
import type { LoopDetector } from "./guards.ts";
import type { DownloadKeeper } from "./download-keeper.ts";
import { handleDone } from "./handle-done.ts";
import type { DoneContext } from "./handle-done.ts";
import { buildMessages } from "./history.ts";
import type { HistoryStep } from "./history.ts";
import { raceAbort } from "./run-control.ts";
import type { RunControl } from "./run-control.ts";
import type { TabKeeper } from "./tab-keeper.ts";
import type { Takeover } from "./takeover.ts";
import type { AgentEvent, AgentFile, AgentStatus, AgentStep, ResolvedLimits } from "./types.ts";

export interface Finish {
  status: AgentStatus;
  result: string | null;
  reason: string | null;
}

export interface RunState {
  history: HistoryStep[];
  inputTokens: number;
  outputTokens: number;
  /** Tokens of extract calls during the current step. */
  extraInput: number;
  extraOutput: number;
  failures: number;
  schemaFailures: number;
  notes: string[];
  loop: LoopDetector;
  /** Time a person held control (not counted in the session timeout nor billed). */
  pausedMs: number;
  /** Calls to the model (steps and extracts): a replay makes none. */
  modelCalls: number;
  /** Steps reported so far (replayed ones included): the next step's number is one more. */
  emitted: number;
  /** Captcha challenges met, solves tried, and a person asked for (challenges.ts). */
  challenges: ChallengeMemory;
}

export interface RunContext {
  model: LanguageModel;
  retry?: RetryPolicy;
  limits: ResolvedLimits;
  control: RunControl;
  env: ActionEnv;
  tabs: TabKeeper;
  observer: Observer;
  deps: BatchDeps & { downloads: DownloadKeeper };
  tools: ToolSet;
  system: string;
  taskText: string;
  redactor: Redactor;
  vision: boolean;
  visionDetail: "low" | "high" | "auto";
  done: DoneContext;
  state: RunState;
  takeover?: Takeover;
  /** Solves the captcha challenges found before a step; absent: a person is asked. */
  captcha?: CaptchaSolver;
  emit(event: AgentEvent): Promise<void>;
}

/** How long a step's report waits for downloads still arriving (a file the last click started is kept with its step). */
const DOWNLOAD_WAIT_MS = 30_000;

/** The downloads that finished during the step about to be reported, after those still running had their time. */
export async function stepDownloads(ctx: RunContext): Promise<AgentFile[]> {
  await ctx.deps.downloads.settle(Math.min(DOWNLOAD_WAIT_MS, Math.max(0, ctx.control.remainingMs() - 1_000)));
  return ctx.deps.downloads.take();
}

const NO_TOOL_NUDGE = "You did not call a tool. Act with the tools, and call done when the task is finished.";

async function observe(ctx: RunContext): Promise<Observation> {
  const note = await ctx.tabs.ensureUsable();
  if (note) ctx.state.notes.push(note);
  try {
    return await raceAbort(ctx.observer.observe(ctx.tabs.page()), ctx.control.signal);
  } catch (error) {
    if (ctx.control.signal.aborted) throw error;
    ctx.emit({ type: "log", message: `Could not read the page (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); reopening it.` });
    await ctx.tabs.reopen();
    return await raceAbort(ctx.observer.observe(ctx.tabs.page()), ctx.control.signal);
  }
}

/**
 * Model inputs must be objects; a call the SDK could not parse keeps its raw text out of the
 * history. A null argument means "not given" (strict tools send every argument, null when unused).
 */
function sanitize(call: ToolCallRequest): ToolCallRequest {
  const ok = call.input && typeof call.input === "object" && !Array.isArray(call.input);
  if (!ok) return { ...call, input: {} };
  return { ...call, input: Object.fromEntries(Object.entries(call.input as Record<string, unknown>).filter(([, v]) => v !== null)) };
}

/** While a person holds control the clock stops; the agent then looks at the page afresh. */
export async function waitForHandBack(ctx: RunContext) {
  const takeover = ctx.takeover;
  if (!takeover?.paused()) return;
  const since = Date.now();
  ctx.control.hold();
  try {
    await takeover.waitForRelease(ctx.control.signal);
  } finally {
    ctx.control.resume();
  }
  const ms = Date.now() - since;
  ctx.state.pausedMs += ms;
  ctx.state.notes.push(
    `A person took control of the browser for ${Math.round(ms / 1000)} s (for example to solve a captcha or enter a code) and handed it back. The page may have changed: act on what you see now.`,
  );
}

/** One step: observe, ask the model, act. Returns how the run ends, or null to go on. */
export async function runStep(ctx: RunContext, number: number): Promise<Finish | null> {
  await waitForHandBack(ctx);
  const epoch = ctx.takeover?.epoch() ?? 0;
  const startedAt = new Date();
  const { state, limits } = ctx;
  state.extraInput = 0;
  state.extraOutput = 0;
  const obs = await observe(ctx);
  const previous = state.history[state.history.length - 1];
  if (previous) previous.pageAfter = `${JSON.stringify(obs.title.slice(0, 80))} ${obs.url}`;

  const notes = state.notes.splice(0);
  if (number >= limits.maxSteps) notes.push("This is your last step: call done now with what you have (success=false if the task is not complete).");
  const secretOnPage = ctx.redactor.contains(obs.content);
  const content = stepMessage(obs, {
    step: number,
    maxSteps: limits.maxSteps,
    secondsLeft: ctx.control.remainingMs() / 1000,
    notes,
    image: ctx.vision && !secretOnPage,
    imageDetail: ctx.visionDetail,
  });
  const reply = await callModel({
    model: ctx.model,
    system: ctx.system,
    messages: buildMessages(ctx.taskText, state.history, content),
    tools: ctx.tools,
    signal: ctx.control.signal,
    retry: ctx.retry,
    redactor: ctx.redactor,
    onRetry: (message) => void ctx.emit({ type: "log", message }),
  });
  state.inputTokens += reply.inputTokens;
  state.outputTokens += reply.outputTokens;
  state.modelCalls++;

  const calls = reply.toolCalls.map(sanitize);
  ctx.deps.recorder?.beginStep(ctx.redactor.redact(reply.text));
  if (ctx.takeover && ctx.takeover.epoch() !== epoch) return skipForTakeover(ctx, { number, startedAt, obs, reply, calls });
  const doneCalls = calls.filter((c) => c.name === "done" && c.invalid === undefined);
  const personCalls = ctx.takeover ? calls.filter((c) => c.name === "ask_person" && c.invalid === undefined) : [];
  const others = calls.filter((c) => !doneCalls.includes(c) && !personCalls.includes(c));
  let results: CallResult[] = [];
  if (others.length > 0) results = await raceAbort(executeBatch(ctx.env, others, ctx.deps), ctx.control.signal);
  for (const call of personCalls) results.push(askPersonCall(ctx, call, doneCalls.length > 0));

  let finish: Finish | null = null;
  let doneSummary: string | null = null;
  let schemaFailure: ((attempts: number) => string) | null = null;
  for (const call of doneCalls) {
    const alone = calls.length === 1;
    const outcome = alone ? handleDone(call.input, ctx.done) : null;
    if (outcome?.kind === "finish") {
      finish = { status: outcome.status, result: outcome.result, reason: outcome.reason };
      doneSummary = outcome.summary;
    }
    // The model reads the protocol's words; the step's error is for people.
    const text = !outcome
      ? "Not run: call done alone, after you have seen the results of your other actions."
      : outcome.kind === "retry"
        ? outcome.message
        : "Done.";
    const error = !outcome ? "Not run: the agent tried to finish together with other actions." : outcome.kind === "retry" ? outcome.error : undefined;
    if (outcome?.kind === "retry" && outcome.failure) schemaFailure = outcome.failure;
    const ok = outcome?.kind === "finish";
    results.push({ id: call.id, name: call.name, text, ran: !!outcome, record: { name: "done", input: call.input, ok, ...(error ? { error } : {}) } });
  }
  const ordered = calls.map((c) => results.find((r) => r.id === c.id)).filter((r): r is CallResult => r !== undefined);
  state.history.push({
    assistantText: reply.text,
    calls: calls.map((c) => ({ id: c.id, name: c.name, input: c.input })),
    results: ordered.map((r) => ({ id: r.id, name: r.name, text: r.text })),
    ...(calls.length === 0 ? { nudge: NO_TOOL_NUDGE } : {}),
  });
  state.inputTokens += state.extraInput;
  state.outputTokens += state.extraOutput;

  // Guards, in order of precedence.
  const failed = ordered.length === 0 || ordered.every((r) => !r.record.ok);
  const realError = ordered.find((r) => !r.record.ok && !r.record.error?.startsWith("Not run:"));
  const firstError = calls.length === 0 ? "The model answered without calling a tool." : (realError?.record.error ?? null);
  if (!finish) {
    if (schemaFailure !== null) {
      state.schemaFailures++;
      if (state.schemaFailures > limits.maxSchemaRetries) finish = { status: "failed", result: null, reason: schemaFailure(state.schemaFailures) };
    } else if (failed) {
      state.failures++;
      if (state.failures >= limits.maxConsecutiveFailures) {
        finish = { status: "failed", result: null, reason: `Stopped after ${state.failures} consecutive failed steps. Last error: ${firstError ?? "unknown"}` };
      }
    } else state.failures = 0;
  }
  if (!finish) {
    const repeats = state.loop.record(calls, obs.fingerprint);
    if (repeats >= LOOP_LIMIT) {
      finish = { status: "failed", result: null, reason: `Stopped: the agent repeated the same action (${describeCalls(calls)}) ${repeats} times on a page that did not change.` };
    } else if (repeats === LOOP_LIMIT - 1) {
      state.notes.push("Warning: you just repeated the same action on an unchanged page. It did not help: try something different.");
    }
  }
  const used = state.inputTokens + state.outputTokens;
  if (!finish && used > limits.maxTokens) {
    finish = { status: "failed", result: null, reason: `Stopped: the token budget of ${formatTokens(limits.maxTokens)} tokens was used up (${formatTokens(used)} used).` };
  }
  if (!finish && number >= limits.maxSteps) {
    finish = { status: "failed", result: null, reason: `Stopped after reaching the maximum of ${limits.maxSteps} steps without finishing.` };
  }

  const summary = doneSummary ?? (ordered.map((r) => (r.name === "done" ? (r.record.error ?? r.text) : r.text)).join("\n") || (reply.text ? reply.text : null));
  const step: AgentStep = {
    number,
    url: obs.url,
    title: obs.title,
    actions: ordered.map((r) => r.record),
    success: finish ? finish.status === "success" : null,
    error: finish && finish.status !== "success" ? (finish.reason ?? firstError) : firstError,
    extractedContent: summary ? summary.slice(0, 4_000) : null,
    screenshot: obs.screenshot,
    screenshotType: obs.screenshotType,
    inputTokens: reply.inputTokens + state.extraInput,
    outputTokens: reply.outputTokens + state.extraOutput,
    durationMs: Date.now() - startedAt.getTime(),
    startedAt,
    downloads: await stepDownloads(ctx),
  };
  await ctx.emit({ type: "step", step });
  return finish;
}

/**
 * ask_person: the wait happens before the next step (challenges.ts), so this step is reported
 * first. Not with done: the run is ending anyway.
 */
function askPersonCall(ctx: RunContext, call: ToolCallRequest, withDone: boolean): CallResult {
  const parsed = askPersonSchema.safeParse(call.input);
  const refuse = (error: string): CallResult => ({ id: call.id, name: call.name, text: error, ran: false, record: { name: call.name, input: call.input, ok: false, error } });
  if (withDone) return refuse("Not run: the agent asked for a person and finished in the same step.");
  if (!parsed.success) return refuse("Invalid arguments for ask_person: reason: give the reason in a sentence.");
  if (ctx.state.challenges.personRequest !== null) return refuse("Not run: a person was already asked for in this step.");
  ctx.state.challenges.personRequest = parsed.data.reason;
  const text = "A person has been asked to take control. When you see the page again, they have handed it back: act on what you see then.";
  return { id: call.id, name: call.name, text, ran: true, record: { name: call.name, input: call.input, ok: true } };
}

/** A person took control during the model call: its planned actions are dropped, unrun. */
async function skipForTakeover(
  ctx: RunContext,
  args: { number: number; startedAt: Date; obs: Observation; reply: { text: string; inputTokens: number; outputTokens: number }; calls: ToolCallRequest[] },
): Promise<null> {
  const { number, startedAt, obs, reply, calls } = args;
  const text = "Not run: a person took control of the browser before this action ran.";
  ctx.state.history.push({
    assistantText: reply.text,
    calls: calls.map((c) => ({ id: c.id, name: c.name, input: c.input })),
    results: calls.map((c) => ({ id: c.id, name: c.name, text })),
  });
  ctx.state.inputTokens += ctx.state.extraInput;
  ctx.state.outputTokens += ctx.state.extraOutput;
  await ctx.emit({
    type: "step",
    step: {
      number,
      url: obs.url,
      title: obs.title,
      actions: [],
      success: null,
      error: null,
      extractedContent: "Paused: a person took control of the browser.",
      screenshot: obs.screenshot,
      screenshotType: obs.screenshotType,
      inputTokens: reply.inputTokens + ctx.state.extraInput,
      outputTokens: reply.outputTokens + ctx.state.extraOutput,
      durationMs: Date.now() - startedAt.getTime(),
      startedAt,
      downloads: await stepDownloads(ctx),
    },
  });
  return null;
}
