import type { Dialog } from "playwright-core";
import type { ActionEnv } from "../act/action-env.ts";
import { handleDialog } from "../act/dialogs.ts";
import { gotoUrl, checkedUrl } from "../act/page-actions.ts";
import { createActivityTracker } from "../act/settle.ts";
import { buildTools } from "../act/tool-definitions.ts";
import { callModel, ModelError } from "../llm/call-model.ts";
import { modelCapabilities, supportsStrictTools } from "../llm/model-capabilities.ts";
import { createObserver } from "../observe/create-observer.ts";
import { taskMessage } from "../prompts/step-message.ts";
import { systemPrompt } from "../prompts/system-prompt.ts";
import { createAddressPolicy } from "../safety/address-policy.ts";
import { installNetworkGuard } from "../safety/network/network-guard.ts";
import { createVault, redactDeep } from "../safety/secrets/credentials.ts";
import { createGrowingRedactor } from "../safety/secrets/redact.ts";
import { createLoopDetector } from "./guards.ts";
import { prepareJsonSchema } from "./json-result.ts";
import { finishRecording } from "../replay/finish-recording.ts";
import { createParameters } from "../replay/parameters.ts";
import { createRecorder } from "../replay/recorder.ts";
import { handoverNote, replayRun } from "../replay/replay-run.ts";
import type { ReplayOutcome } from "../replay/replay-run.ts";
import { beforeStep, createChallengeMemory } from "./challenges.ts";
import { createDownloadKeeper } from "./download-keeper.ts";
import { createRunControl, raceAbort } from "./run-control.ts";
import { runStep } from "./run-step.ts";
import type { Finish, RunContext, RunState } from "./run-step.ts";
import { BrowserFault, createTabKeeper } from "./tab-keeper.ts";
import { DEFAULT_LIMITS } from "./types.ts";
import type { AgentEvent, AgentInput, AgentLimits, AgentResult, ResolvedLimits } from "./types.ts";

function resolveLimits(limits: AgentLimits | undefined): ResolvedLimits {
  const pick = (v: number | undefined, d: number) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : d);
  return {
    timeoutMs: pick(limits?.timeoutMs, DEFAULT_LIMITS.timeoutMs),
    maxSteps: Math.floor(pick(limits?.maxSteps, DEFAULT_LIMITS.maxSteps)),
    maxConsecutiveFailures: Math.floor(pick(limits?.maxConsecutiveFailures, DEFAULT_LIMITS.maxConsecutiveFailures)),
    maxTokens: pick(limits?.maxTokens, DEFAULT_LIMITS.maxTokens),
    maxSchemaRetries: Math.max(0, Math.floor(limits?.maxSchemaRetries ?? DEFAULT_LIMITS.maxSchemaRetries)),
    personWaitMs: pick(limits?.personWaitMs, DEFAULT_LIMITS.personWaitMs),
    timeoutReason: limits?.timeoutReason,
  };
}

function defaultVision(model: AgentInput["model"]): boolean {
  if (typeof model === "string") return false;
  const provider = model.provider.startsWith("anthropic") ? "anthropic" : "openai";
  return modelCapabilities(provider, model.modelId).vision;
}

function secondsText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Carries out a task in the given browser context and returns how it ended. Emits a step event
 * after every step. Never throws: faults end the run with status "error" and a reason.
 */
export async function runAgent(input: AgentInput): Promise<AgentResult> {
  const started = Date.now();
  const limits = resolveLimits(input.limits);
  const state: RunState = {
    history: [],
    inputTokens: 0,
    outputTokens: 0,
    extraInput: 0,
    extraOutput: 0,
    failures: 0,
    schemaFailures: 0,
    notes: [],
    loop: createLoopDetector(),
    pausedMs: 0,
    modelCalls: 0,
    emitted: 0,
    challenges: createChallengeMemory(),
  };
  const result = (finish: Finish): AgentResult => ({
    ...finish,
    steps: state.emitted,
    inputTokens: state.inputTokens,
    outputTokens: state.outputTokens,
    durationMs: Date.now() - started - state.pausedMs,
    modelCalls: state.modelCalls,
  });
  // Every secret of the run (given values, the vault's and each TOTP code it makes, saved cookies): prompts and step records are redacted with it.
  const redactor = createGrowingRedactor(input.sensitiveValues);
  const vault = createVault(input.credentials, redactor.add);
  const emit = async (event: AgentEvent) => {
    if (event.type === "step") state.emitted = Math.max(state.emitted, event.step.number);
    try {
      await input.onEvent?.(event.type === "step" ? { type: "step", step: redactDeep(event.step, redactor) } : event);
    } catch {
      // a failing listener must not end the run
    }
  };

  const format = input.task.responseFormat === "json" ? "json" : "text";
  const schema = format === "json" ? prepareJsonSchema(input.task.jsonSchema) : undefined;
  if (schema && !schema.ok) return result({ status: "failed", result: null, reason: schema.reason });
  if (input.signal?.aborted) return result({ status: "cancelled", result: null, reason: "The run was cancelled." });

  const control = createRunControl(limits.timeoutMs, input.signal);
  // Cookies the context starts with (a saved login) are secrets too, whatever the caller lists.
  const savedCookies = (await input.context.cookies().catch(() => [])).map((c) => c.value).filter((v) => v.length >= 8);
  redactor.add(...savedCookies);
  const policy = createAddressPolicy(input.network);
  const context = input.context;
  let cleanup: (() => Promise<void>)[] = [];
  try {
    const first = context.pages()[0] ?? (await context.newPage());
    const guard = await installNetworkGuard(context, policy);
    const tracker = createActivityTracker(context);
    const tabs = createTabKeeper(context, first, (page) => guard.watch(page));
    // Answered as answer_dialog chose, else safely (a confirm() is cancelled); the model is told what it said.
    const onDialog = (dialog: Dialog) => void state.notes.push(handleDialog(context, dialog, redactor.redact));
    context.on("dialog", onDialog);
    // Kept under input.downloads.dir, or cancelled; the model hears of each by its name, never its path.
    const downloads = createDownloadKeeper(context, { settings: input.downloads, note: (text) => void state.notes.push(text) });
    cleanup = [
      () => downloads.dispose(),
      () => guard.dispose(),
      async () => tracker.dispose(),
      async () => tabs.dispose(),
      async () => void context.off("dialog", onDialog),
    ];
    const observer = createObserver({ maxChars: input.observationChars });
    const known = input.replay?.recording.parameters.map((p) => ({ name: p.name, value: input.replay!.values[p.name] ?? p.value }));
    const recorder =
      input.record || input.replay ? createRecorder({ parameters: createParameters(input.task.prompt, known), isSecret: (text) => redactor.contains(text) }) : undefined;
    const env: ActionEnv = {
      context,
      page: tabs.page,
      setPage: tabs.setPage,
      prepareTab: (page) => guard.watch(page),
      observer,
      policy,
      signal: control.signal,
      remainingMs: control.remainingMs,
      redact: redactor.redact,
      resolveTyped: vault.resolve,
      files: input.files,
      extractModel: {
        async ask(system, user, signal) {
          const reply = await callModel({ model: input.model, system, messages: [{ role: "user", content: user }], signal, retry: input.retry, redactor });
          state.extraInput += reply.inputTokens;
          state.extraOutput += reply.outputTokens;
          state.modelCalls++;
          return reply.text;
        },
      },
    };
    const jsonSchema = schema?.ok ? schema.schema : undefined;
    const vision = input.vision ?? defaultVision(input.model);
    const files = input.files ?? [];
    const agentTools = buildTools({ responseFormat: format, jsonSchema, strict: supportsStrictTools(input.model), vision, files: files.length > 0, person: input.takeover !== undefined });
    const schemaInPrompt = format === "json" && !agentTools.schemaInTool ? JSON.stringify(jsonSchema) : undefined;
    const anyJson = schema?.ok === true && schema.anyJson;
    const ctx: RunContext = {
      model: input.model,
      retry: input.retry,
      limits,
      control,
      env,
      tabs,
      observer,
      deps: { tracker, guard, recorder, downloads },
      tools: agentTools.tools,
      system: systemPrompt({ responseFormat: format, vision }),
      taskText: [taskMessage({ ...input.task, responseFormat: format, anyJson, files }, schemaInPrompt), vault.note].filter(Boolean).join("\n"),
      redactor,
      vision,
      visionDetail: input.visionDetail ?? "low",
      done: { responseFormat: format, validate: schema?.ok ? schema.validate : undefined, restoreData: agentTools.restoreData },
      state,
      takeover: input.takeover,
      captcha: input.captchaSolver,
      emit,
    };

    if (input.task.initialUrl) {
      try {
        const url = await checkedUrl(env, input.task.initialUrl);
        await raceAbort(gotoUrl(env, tabs.page(), url), control.signal);
      } catch (error) {
        if (control.signal.aborted) throw error;
        state.notes.push(`The start page could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      }
      guard.drainBlocked();
    }

    const recorded = (finish: Finish, outcome: ReplayOutcome | null) =>
      finishRecording({ ctx, finish, outcome, plan: input.replay, recorder, prompt: input.task.prompt }).then((extra) => ({ ...result(finish), ...extra }));
    let outcome: ReplayOutcome | null = null;
    if (input.replay) {
      outcome = await replayRun(ctx, input.replay);
      if (outcome.kind === "complete") return await recorded({ status: "success", result: outcome.result, reason: null }, outcome);
      if (outcome.kind === "finished") return await recorded(outcome.finish, outcome);
      state.notes.push(handoverNote(input.replay, outcome.from, outcome.reason));
    }
    for (;;) {
      // Captcha challenges first (each solve is a step of its own), then the step's own number.
      const finish = (await beforeStep(ctx)) ?? (await runStep(ctx, state.emitted + 1));
      if (finish) return recorder ? await recorded(finish, outcome) : result(finish);
    }
  } catch (error) {
    const cause = control.cause();
    if (cause === "cancelled") return result({ status: "cancelled", result: null, reason: "The run was cancelled." });
    if (cause === "timeout") {
      return result({
        status: "failed",
        result: null,
        reason: limits.timeoutReason ?? `The task did not finish within the session timeout of ${secondsText(limits.timeoutMs)}.`,
      });
    }
    if (error instanceof ModelError || error instanceof BrowserFault) return result({ status: "error", result: null, reason: error.message });
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    if (/Target (page, context or browser )?(has been )?closed|browser has been closed|Browser closed/i.test(message ?? "")) {
      return result({ status: "error", result: null, reason: `The browser closed unexpectedly: ${message}` });
    }
    return result({ status: "error", result: null, reason: `Internal error: ${message}` });
  } finally {
    control.dispose();
    for (const fn of cleanup) await fn().catch(() => {});
  }
}
