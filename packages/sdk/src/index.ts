// @errand/sdk: Errand's TypeScript client. fetch-based, no dependencies (Node 20+, browsers, Deno, Bun).
export { Errand } from "./errand.ts";
export {
  ErrandConnectionError,
  ErrandError,
  ErrandResultError,
  ErrandTimeoutError,
  InsufficientCreditsError,
  RateLimitError,
  type ErrorField,
} from "./errors.ts";
export { runUrl } from "./run-url.ts";
export { FINAL_STATUSES, isFinalStatus } from "./run-statuses.ts";
export { readSse, type SseEvent } from "./sse-reader.ts";
export type { Runs, RunHar } from "./resources/runs.ts";
export type { Tasks } from "./resources/tasks.ts";
export type { Batches } from "./resources/batches.ts";
export type { Evaluations } from "./resources/evaluations.ts";
export type { AuthContexts } from "./resources/auth-contexts.ts";
export type { Automations } from "./resources/automations.ts";
export type { Account } from "./resources/account.ts";
export type { Workspaces } from "./resources/workspaces.ts";
export type { Files } from "./resources/files.ts";
export type {
  CreateRunRequest,
  RunAutomationRequest,
  ErrandOptions,
  FinishedRun,
  RequestOptions,
  RunOptions,
  RunStreamEvent,
  SchemaLike,
  Screenshot,
  ScreenshotOf,
  ScreenshotOptions,
  ScreenshotUrl,
  StreamOptions,
  UploadFileRequest,
  WaitOptions,
  WaitWhileRunningOptions,
} from "./types.ts";
export type {
  Account as AccountInfo,
  AuthContext,
  Automation,
  AutomationRun,
  AutomationSummary,
  Batch,
  BatchRow,
  BatchRowsPage,
  ErrandFile,
  Evaluation,
  EvaluationCell,
  EvaluationDetail,
  EvaluationModelSummary,
  EvaluationReport,
  EvaluationSuiteInput,
  FailureKind,
  Run,
  RunFailure,
  RunStatus,
  RunTrace,
  SessionRecording,
  SessionRecordingEvent,
  SessionRecordingStep,
  Step,
  Task,
  TaskList,
} from "@errand/contract";
