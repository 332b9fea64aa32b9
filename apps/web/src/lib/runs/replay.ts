/** Demo replay (spec sections 4 and 9): one step every 500 ms; progress = revealed / total * 100. */
export const REPLAY_STEP_MS = 500;

export type ReplayPhase = "idle" | "replaying" | "finished";

export function replayProgress(revealed: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.max(0, (revealed / total) * 100));
}

/** The phase after revealing `revealed` of `total` steps. */
export function replayPhaseAfter(revealed: number, total: number): ReplayPhase {
  return revealed >= total ? "finished" : "replaying";
}

/**
 * The words of a step-by-step showing of a past run (ADR 0059). The demo keeps the spec's
 * ("Replay Execution", "Replaying..."); a shared run says "playback", because "replay" is what
 * re-running a saved task does without the model.
 */
export interface ReplayWords {
  /** The button that starts it. */
  start: string;
  /** The small button that starts it again once finished, and its accessible name. */
  again: string;
  againLabel: string;
  playing: string;
  finished: (steps: string) => string;
  ready: string;
  progress: string;
  /** The step list's accessible name. */
  steps: string;
}

export const DEMO_REPLAY_WORDS: ReplayWords = {
  start: "Replay Execution",
  again: "Replay",
  againLabel: "Replay again",
  playing: "Replaying...",
  finished: (steps) => `Replay finished · ${steps}`,
  ready: "Ready to replay",
  progress: "Replay progress",
  steps: "Demo steps",
};

export const PLAYBACK_WORDS: ReplayWords = {
  start: "Play back steps",
  again: "Play back steps",
  againLabel: "Play back the steps one by one",
  playing: "Playing back...",
  finished: (steps) => steps,
  ready: "Ready to play back",
  progress: "Playback progress",
  steps: "Steps",
};
