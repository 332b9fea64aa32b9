import type { LanguageModel, ToolSet } from "ai";
import type { ActionEnv } from "../act/action-env.ts";
import type { ActionRecorder, BatchDeps } from "../act/execute-batch.ts";
import type { Observer } from "../observe/create-observer.ts";
import type { Redactor } from "../safety/secrets/redact.ts";
import type { Obstacle } from "../types/actions.ts";
import type { ResolvedLimits } from "../types/agent.ts";
import type { CaptchaSolver } from "../types/captcha.ts";
import type { RetryPolicy } from "../types/model.ts";
import type { AgentEvent, Finish } from "../types/result.ts";
import type { Takeover } from "../types/takeover.ts";
import type { DownloadKeeper } from "./download-keeper.ts";
import type { DoneContext } from "./handle-done.ts";
import type { HistoryStep } from "./history.ts";
import type { LoopDetector } from "./loop-detector.ts";
import type { RunControl } from "./run-control.ts";
import type { TabKeeper } from "./tab-keeper.ts";

/** What the loop remembers of the captcha challenges it met (challenges.ts). */
export interface ChallengeMemory {
  /** Solves tried, by challenge. */
  solves: Map<string, number>;
  /** Challenges a person was already asked about: asked once, then the model goes on (it can ask_person). */
  asked: Set<string>;
  /** A reason the model gave with ask_person: the wait happens before the next step. */
  personRequest: string | null;
}

/** What a run has counted and noted so far; every step reads and updates it. */
export interface RunState {
  history: HistoryStep[];
  inputTokens: number;
  outputTokens: number;
  /** Tokens of extract calls during the current step. */
  extraInput: number;
  extraOutput: number;
  failures: number;
  schemaFailures: number;
  /** What the model is told at the start of its next step. */
  notes: string[];
  /** "Read your message: ..." for the messages read before the step being made: its record says them (person-messages.ts). */
  acknowledgements: string[];
  loop: LoopDetector;
  /** Time a person held control (not counted in the session timeout nor billed). */
  pausedMs: number;
  /** Input tokens the provider counted for the latest step's model call: the next call's estimate (ask-model.ts). */
  lastCallInputTokens: number;
  /** Calls to the model (steps and extracts): a replay makes none. */
  modelCalls: number;
  /** Steps reported so far (replayed ones included): the next step's number is one more. */
  emitted: number;
  /** Captcha challenges met, solves tried, and a person asked for (challenges.ts). */
  challenges: ChallengeMemory;
  /** What stood in the way of the latest step that failed since the last clean one: a failed run is put down to it (failure-cause.ts). */
  obstacle: Obstacle | null;
}

/** A recorder as a step sees it: told the model's intent, then each action (replay/recorder.ts). */
export interface StepRecorder extends ActionRecorder {
  /** The model's stated goal for the actions of the step about to run. */
  beginStep(intent: string): void;
}

/** Everything a step needs, built once by runAgent (run/build-run-context.ts). */
export interface RunContext {
  model: LanguageModel;
  retry?: RetryPolicy;
  limits: ResolvedLimits;
  control: RunControl;
  env: ActionEnv;
  tabs: TabKeeper;
  observer: Observer;
  deps: BatchDeps & { recorder?: StepRecorder; downloads: DownloadKeeper };
  tools: ToolSet;
  system: string;
  taskText: string;
  redactor: Redactor;
  vision: boolean;
  visionDetail: "low" | "high" | "auto";
  done: DoneContext;
  state: RunState;
  takeover?: Takeover;
  /**
   * The run's caps judged before a step's model call, with the call's estimated input tokens
   * (docs/adr/0037-spending-limits.md): how the run ends when its cap cannot cover the call, or null.
   * Absent when the caller judges no caps.
   */
  capsBeforeCall?: (nextCallInputTokens: number) => Promise<Finish | null>;
  /** Solves the captcha challenges found before a step; absent: a person is asked. */
  captcha?: CaptchaSolver;
  /** The messages people sent since the last step, read before step `number` (person-messages.ts); absent: none can be sent. */
  messages?: (number: number) => Promise<{ text: string }[]>;
  emit(event: AgentEvent): Promise<void>;
}
