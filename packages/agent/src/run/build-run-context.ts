import type { ActionEnv } from "../act/action-env.ts";
import { buildTools } from "../act/tool-definitions.ts";
import { callModel } from "../llm/call-model.ts";
import { modelCapabilities, supportsStrictTools } from "../llm/model-capabilities.ts";
import { checkCaps } from "../loop/caps.ts";
import { createApprovalGate } from "../loop/approval-gate.ts";
import type { PreparedSchema } from "../loop/json-result.ts";
import type { RunContext } from "../loop/run-context.ts";
import type { RunControl } from "../loop/run-control.ts";
import { createObserver } from "../observe/create-observer.ts";
import type { Observer } from "../observe/create-observer.ts";
import { taskMessage } from "../prompts/step-message.ts";
import { allowedDomainsNote } from "../prompts/allowed-domains-note.ts";
import { systemPrompt } from "../prompts/system-prompt.ts";
import { createParameters } from "../replay/parameters.ts";
import { createRecorder } from "../replay/recorder.ts";
import type { Recorder } from "../replay/recorder.ts";
import type { AddressPolicy } from "../safety/address-policy.ts";
import type { AgentInput } from "../types/agent.ts";
import type { RunBrowser } from "./run-browser.ts";
import type { RunBooks } from "./start-run.ts";

/** The task's JSON schema, compiled (absent for a text answer). */
export type ValidSchema = Extract<PreparedSchema, { ok: true }> | undefined;

/** What runAgent has made ready before the context: the run's books, its clock, its address policy and its browser. */
export interface RunParts {
  run: RunBooks;
  control: RunControl;
  policy: AddressPolicy;
  browser: RunBrowser;
  schema: ValidSchema;
}

/**
 * Everything a step needs, in one place: the actions' environment, the tools offered (strict
 * when the model takes them so), the prompts, and the recorder when the run records or replays.
 */
export function buildRunContext(input: AgentInput, parts: RunParts): { ctx: RunContext; recorder?: Recorder } {
  const { run, control, browser, schema } = parts;
  const format = input.task.responseFormat === "json" ? "json" : "text";
  const observer = createObserver({ maxChars: input.observationChars });
  const recorder = input.record || input.replay ? newRecorder(input, run) : undefined;
  const vision = input.vision ?? defaultVision(input.model);
  const files = input.files ?? [];
  const agentTools = buildTools({
    responseFormat: format,
    jsonSchema: schema?.schema,
    strict: supportsStrictTools(input.model),
    vision,
    files: files.length > 0,
    person: input.takeover !== undefined,
  });
  const schemaInPrompt = format === "json" && !agentTools.schemaInTool ? JSON.stringify(schema?.schema) : undefined;
  const ctx: RunContext = {
    model: input.model,
    retry: input.retry,
    limits: run.limits,
    control,
    env: actionEnv(input, parts, observer),
    tabs: browser.tabs,
    observer,
    deps: {
      tracker: browser.tracker,
      guard: browser.guard,
      recorder,
      downloads: browser.downloads,
      approval:
        input.approval && createApprovalGate(input.approval, { control, state: run.state, limits: run.limits, redactor: run.redactor }),
    },
    tools: agentTools.tools,
    system: systemPrompt({ responseFormat: format, vision }),
    taskText: [
      taskMessage({ ...input.task, responseFormat: format, anyJson: schema?.anyJson === true, files }, schemaInPrompt),
      run.vault.note,
      allowedDomainsNote(input.network?.allowedDomains),
    ]
      .filter(Boolean)
      .join("\n"),
    redactor: run.redactor,
    vision,
    visionDetail: input.visionDetail ?? "low",
    done: { responseFormat: format, validate: schema?.validate, restoreData: agentTools.restoreData },
    state: run.state,
    takeover: input.takeover,
    captcha: input.captchaSolver,
    messages: input.messages,
    emit: run.emit,
  };
  const check = input.checkCaps;
  if (check) ctx.capsBeforeCall = (next) => checkCaps(ctx, check, () => ({ ...run.usage(), nextCallInputTokens: next }));
  return { ctx, recorder };
}

/** What every action works with; extract's own model calls count toward the step's tokens. */
function actionEnv(input: AgentInput, parts: RunParts, observer: Observer): ActionEnv {
  const { run, control, policy, browser } = parts;
  const { state, redactor } = run;
  return {
    context: input.context,
    page: browser.tabs.page,
    setPage: browser.tabs.setPage,
    prepareTab: (page) => browser.guard.watch(page),
    observer,
    policy,
    signal: control.signal,
    remainingMs: control.remainingMs,
    redact: redactor.redact,
    resolveTyped: run.vault.resolve,
    resolveLink: run.vault.resolveLink,
    files: input.files,
    extractModel: {
      async ask(system, user, signal) {
        const reply = await callModel({
          model: input.model,
          system,
          messages: [{ role: "user", content: user }],
          signal,
          retry: input.retry,
          redactor,
        });
        state.extraInput += reply.inputTokens;
        state.extraOutput += reply.outputTokens;
        state.modelCalls++;
        return reply.text;
      },
    },
  };
}

/** The recorder of a run that records or replays: the task's own words (and a replay's parameters) become parameters, secrets are never kept. */
function newRecorder(input: AgentInput, run: RunBooks): Recorder {
  const known = input.replay?.recording.parameters.map((p) => ({ name: p.name, value: input.replay!.values[p.name] ?? p.value }));
  return createRecorder({ parameters: createParameters(input.task.prompt, known), isSecret: (text) => run.redactor.contains(text) });
}

function defaultVision(model: AgentInput["model"]): boolean {
  if (typeof model === "string") return false;
  const provider = model.provider.startsWith("anthropic") ? "anthropic" : "openai";
  return modelCapabilities(provider, model.modelId).vision;
}
