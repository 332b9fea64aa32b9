import { createAddressPolicy } from "@errand/network-rule";
import { createLoopDetector } from "../loop/loop-detector.ts";
import type { RunState } from "../loop/run-context.ts";
import { createVault, redactDeep } from "../safety/secrets/credentials.ts";
import type { Vault } from "../safety/secrets/credentials.ts";
import { createGrowingRedactor } from "../safety/secrets/redact.ts";
import type { GrowingRedactor } from "../safety/secrets/redact.ts";
import { DEFAULT_LIMITS } from "../types/agent.ts";
import type { AgentInput, AgentLimits, ResolvedLimits, RunUsage } from "../types/agent.ts";
import type { AgentEvent, AgentResult, Finish } from "../types/result.ts";

/** A run's book-keeping from its first moment: its limits, its state, its secrets, and how it reports. */
export interface RunBooks {
  limits: ResolvedLimits;
  state: RunState;
  /** Every secret of the run (given values, the vault's and each TOTP code it makes, saved cookies): prompts and step records are redacted with it. */
  redactor: GrowingRedactor;
  vault: Vault;
  /** Sends an event to the caller, a step with its secrets redacted; a failing listener does not end the run. */
  emit(event: AgentEvent): Promise<void>;
  /** The result of a run that ends this way, with its counts and the time the agent worked. */
  result(finish: Finish): AgentResult;
  /** What the run has used so far: steps, seconds worked (a person's time not counted) and tokens. */
  usage(): RunUsage;
}

export function startRun(input: AgentInput): RunBooks {
  const started = Date.now();
  const state = newRunState();
  const redactor = createGrowingRedactor(input.sensitiveValues);
  const addresses = createAddressPolicy(input.network);
  const hide = (...values: string[]) => {
    redactor.add(...values);
    try {
      input.onSecret?.(values);
    } catch {
      // the caller's records are its own: a failing listener must not end the run
    }
  };
  const vault = createVault(input.credentials, hide, { checkAddress: (url) => addresses.check(url), trust: input.mailboxTrust });
  return {
    limits: resolveLimits(input.limits),
    state,
    redactor,
    vault,
    async emit(event) {
      if (event.type === "step") state.emitted = Math.max(state.emitted, event.step.number);
      try {
        await input.onEvent?.(event.type === "step" ? { type: "step", step: redactDeep(event.step, redactor) } : event);
      } catch {
        // a failing listener must not end the run
      }
    },
    usage: () => ({
      steps: state.emitted,
      seconds: (Date.now() - started - state.pausedMs) / 1000,
      inputTokens: state.inputTokens,
      outputTokens: state.outputTokens,
    }),
    result: (finish) => ({
      ...finish,
      steps: state.emitted,
      inputTokens: state.inputTokens,
      outputTokens: state.outputTokens,
      durationMs: Date.now() - started - state.pausedMs,
      modelCalls: state.modelCalls,
    }),
  };
}

function newRunState(): RunState {
  return {
    history: [],
    inputTokens: 0,
    outputTokens: 0,
    extraInput: 0,
    extraOutput: 0,
    failures: 0,
    schemaFailures: 0,
    notes: [],
    acknowledgements: [],
    loop: createLoopDetector(),
    pausedMs: 0,
    lastCallInputTokens: 0,
    modelCalls: 0,
    emitted: 0,
    challenges: { solves: new Map(), asked: new Set(), personRequest: null },
    obstacle: null,
  };
}

function resolveLimits(limits: AgentLimits | undefined): ResolvedLimits {
  const pick = (v: number | undefined, d: number) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : d);
  return {
    timeoutMs: pick(limits?.timeoutMs, DEFAULT_LIMITS.timeoutMs),
    maxSteps: Math.floor(pick(limits?.maxSteps, DEFAULT_LIMITS.maxSteps)),
    maxConsecutiveFailures: Math.floor(pick(limits?.maxConsecutiveFailures, DEFAULT_LIMITS.maxConsecutiveFailures)),
    maxTokens: pick(limits?.maxTokens, DEFAULT_LIMITS.maxTokens),
    maxSchemaRetries: Math.max(0, Math.floor(limits?.maxSchemaRetries ?? DEFAULT_LIMITS.maxSchemaRetries)),
    personWaitMs: pick(limits?.personWaitMs, DEFAULT_LIMITS.personWaitMs),
    capPollMs: pick(limits?.capPollMs, DEFAULT_LIMITS.capPollMs),
    timeoutReason: limits?.timeoutReason,
  };
}
