import type { Page } from "playwright-core";
import type { ActionEnv } from "../act/action-env.ts";
import type { BatchDeps } from "../act/execute-batch.ts";
import type { AgentFile } from "../types/files.ts";
import type { AgentEvent, Finish } from "../types/result.ts";
import type { Recorder } from "./recorder.ts";

/**
 * What a replay needs of the run it is part of. The run (run/run-agent.ts) builds it from its
 * own context, so replay never imports the loop: it stands beside it (docs/adr/0026-agent-layers.md).
 */
export interface ReplayHost {
  /** The actions' environment; a replay pins the elements it found under indexes no observation uses. */
  env: ActionEnv;
  /** What a batch of actions needs (activity tracker, network guard, downloads); replayed actions are not recorded through it. */
  batch: BatchDeps;
  /** The run's recorder: replayed steps are carried over into the new recording. */
  recorder?: Recorder;
  /** The tab the run works in. */
  page(): Page;
  /** Aborted on timeout or cancel. */
  signal: AbortSignal;
  /** Tells the model something at the start of its next step. */
  note(text: string): void;
  /** The number the next reported step gets. */
  nextStepNumber(): number;
  emit(event: AgentEvent): Promise<void>;
  /** The downloads that finished during the step about to be reported. */
  stepDownloads(): Promise<AgentFile[]>;
  /** One step of the agent (a model call) to redo what a recorded step was for; returns how the run ends, or null. */
  repairStep(): Promise<Finish | null>;
  /** The task's answer format, and whether a JSON answer fits its schema (absent: nothing to check against). */
  responseFormat: "text" | "json";
  fitsSchema?(value: unknown): boolean;
}
