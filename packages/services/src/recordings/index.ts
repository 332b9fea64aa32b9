// @errand/services/recordings: the recorded steps of a task and the plan to replay them
// (docs/adr/0009-record-and-replay.md).
export { planRunReplay, type RunReplayPlan } from "./plan-run-replay.ts";
export { listTaskRecordings } from "./list-task-recordings.ts";
export type { ExecutionReport } from "./save-execution.ts";
export { exportPlaywrightScript } from "./export-playwright-script.ts";
