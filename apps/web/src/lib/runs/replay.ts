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
