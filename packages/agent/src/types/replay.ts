import type { ElementTarget, RecordingDraft } from "@errand/contract";

/** A recording to replay, and the values of its parameters for this run's prompt. */
export interface ReplayPlan {
  recording: RecordingDraft & { version: number };
  values: Record<string, string>;
}

/** An action about to run, as the recorder saw it before (its element's locators, the address it started from). */
export interface PendingAction {
  name: string;
  input: Record<string, unknown>;
  target: ElementTarget | null;
  urlBefore: string;
}
