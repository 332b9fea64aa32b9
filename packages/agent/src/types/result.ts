import type { ExecutionKind, FailureKind, RecordingDraft } from "@errand/contract";
import type { ActionRecord } from "./actions.ts";
import type { AgentFile } from "./files.ts";

/** How a recorded or replayed run was carried out. */
export interface AgentExecution {
  kind: ExecutionKind;
  /** Recorded steps the agent redid, by their number in the recording. */
  repairedSteps: number[];
  /** Why it was not all replayed, or why no recording was made. */
  note: string | null;
}

export type AgentEvent =
  | { type: "step"; step: AgentStep }
  | { type: "log"; message: string }
  /** The run waits for a person to take control (its clock stopped), for this reason. */
  | { type: "needs_person"; reason: string }
  /** The wait for a person is over: they handed back (the run goes on), or none came (it ends). */
  | { type: "person_done"; handedBack: boolean };

export interface AgentStep {
  number: number;
  url: string;
  title: string;
  actions: ActionRecord[];
  /** true/false on the final step (done), null before. */
  success: boolean | null;
  error: string | null;
  /** What the step did or found, for people. */
  extractedContent: string | null;
  /** The page as the model saw it at the start of the step. */
  screenshot: Buffer | null;
  screenshotType: "png" | "jpeg";
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
  startedAt: Date;
  /** Downloads that finished during this step (written under downloads.dir). */
  downloads: AgentFile[];
  /** Where the step's time went, in order: reading the page, the model call, the actions (for traces, docs/adr/0050-run-traces.md). */
  timings?: StepTiming[];
}

/** One part of a step's time. */
export interface StepTiming {
  part: "observe" | "model" | "act";
  startedAt: Date;
  durationMs: number;
}

export type AgentStatus = "success" | "failed" | "error" | "cancelled";

export interface AgentResult {
  status: AgentStatus;
  /** The answer: text, or a JSON string for the json format. */
  result: string | null;
  /** Why, in a sentence, when the status is not success. */
  reason: string | null;
  /** Why as a kind (docs/adr/0042-failure-kinds.md), when the status is not success; null on success. */
  failureKind: FailureKind | null;
  steps: number;
  inputTokens: number;
  outputTokens: number;
  /** Time the agent worked: a person's time in control is not counted. */
  durationMs: number;
  /** Calls made to the model (0 for a whole replay). */
  modelCalls: number;
  /** Set when the run recorded or replayed. */
  execution?: AgentExecution;
  /** A new recording to keep (a successful agent run, or a replay the agent repaired); null when there is none. */
  recording?: RecordingDraft | null;
  /** The page a successful run ended on, when the input asked for it (keepFinalPage). */
  finalPage?: FinalPage;
}

/** The page a run ended on, for verifying its answer: secrets redacted from the text, no screenshot when one shows. */
export interface FinalPage {
  url: string;
  title: string;
  text: string | null;
  /** JPEG. */
  screenshot: Buffer | null;
}

/** How a run ends, before its counts are added (see AgentResult). */
export interface Finish {
  status: AgentStatus;
  result: string | null;
  reason: string | null;
  /** Set where the failure is known; null on success. */
  failureKind: FailureKind | null;
}
