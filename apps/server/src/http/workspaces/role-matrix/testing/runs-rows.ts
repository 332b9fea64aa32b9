import type { ApiOperationId } from "@errand/contract";
import type { MatrixRow } from "./run-row.ts";
import { DAILY, type RunsWorld } from "./runs-world.ts";

type Row = MatrixRow<RunsWorld>;
const run = (w: RunsWorld) => ({ params: { id: w.pending.id } });
const ended = (w: RunsWorld) => ({ params: { id: w.finished.id } });
const task = (w: RunsWorld) => ({ params: { id: w.pending.taskId } });
const file = (w: RunsWorld) => ({ params: { id: w.fileId } });
const batch = (w: RunsWorld) => ({ params: { id: w.batch.id } });
/** A control that changes its batch: an allowed call acts on a throwaway one (`paused` first for resume). */
const batchControl = (paused = false): Row => ({
  needs: "run",
  call: async (w, cell) => (cell.allowed ? { params: { id: await w.freshBatch(paused) } } : batch(w)),
  watch: (w) => `/batches/${w.batch.id}`,
});
const prompt = { prompt: "Count the matrix's orders" };
const evaluation = (w: RunsWorld) => ({ params: { id: w.evaluation.id } });
/** A call that ends or removes its evaluation: an allowed call acts on a throwaway one. */
const evaluationControl: Row = {
  needs: "run",
  call: async (w, cell) => (cell.allowed ? { params: { id: await w.freshEvaluation() } } : evaluation(w)),
  watch: (w) => `/evaluations/${w.evaluation.id}`,
};
/** No live browsers on the matrix's server: an allowed call gets as far as asking for one (503), before the run is looked up. */
const noLiveBrowsers = { answers: 503, answeredBeforeLookup: true } as const;

/** Runs, tasks, schedules, sharing, screenshots, files and automations. */
export const runsRows: Partial<Record<ApiOperationId, Row>> = {
  createRun: { needs: "run", call: () => ({ body: prompt }), watch: () => "/runs", targetsTeam: false },
  createTaskRun: { needs: "run", call: (w) => ({ ...task(w), body: prompt }), watch: (w) => `/tasks/${w.pending.taskId}/runs` },
  listRecentRuns: { needs: "read", call: () => ({}) },
  getRun: { needs: "read", call: run },
  listRunSteps: { needs: "read", call: ended },
  listTaskRuns: { needs: "read", call: task },
  cancelRun: {
    needs: "run",
    call: async (w, cell) => (cell.allowed ? { params: { id: (await w.freshRun()).id } } : run(w)),
    watch: (w) => `/runs/${w.pending.id}`,
  },
  sendRunMessage: {
    needs: "run",
    call: (w) => ({ ...run(w), body: { text: "Also take the rating." } }),
    watch: (w) => `/runs/${w.pending.id}/messages`,
  },
  listRunMessages: { needs: "read", call: run },
  setRunLimits: { needs: "run", call: (w) => ({ ...run(w), body: { max_steps: 40 } }), watch: (w) => `/runs/${w.pending.id}` },
  // Nothing waits for approval on the matrix's pending run: an allowed answer gets as far as 409, an allowed screenshot 404.
  answerRunApproval: {
    needs: "run",
    call: (w) => ({ ...run(w), body: { decision: "deny" } }),
    answers: 409,
    watch: (w) => `/runs/${w.pending.id}`,
  },
  getApprovalScreenshot: { needs: "read", call: run, answers: 404 },
  streamRunEvents: { needs: "read", call: run },
  streamAccountEvents: { needs: "read", of: "account", call: () => ({}) },
  makeRunPublic: { needs: "run", siteAdmin: true, call: ended, watch: (w) => `/runs/${w.finished.id}` },
  openRunLive: { needs: "read", call: run, ...noLiveBrowsers },
  setRunController: { needs: "run", call: (w) => ({ ...run(w), body: { action: "take" } }), ...noLiveBrowsers },
  listWebhookDeliveries: { needs: "read", call: ended },
  redeliverWebhook: { needs: "manage", call: ended, watch: (w) => `/runs/${w.finished.id}/webhook-deliveries` },
  getRunShare: { needs: "read", call: ended },
  shareRun: { needs: "run", call: ended, watch: (w) => `/runs/${w.finished.id}/share` },
  unshareRun: { needs: "run", call: ended, watch: (w) => `/runs/${w.finished.id}/share` },
  getScreenshot: { needs: "read", call: (w) => ({ params: { type: "steps", id: w.finished.stepId } }) },
  getRunHar: { needs: "read", call: ended },
  getRunTrace: { needs: "read", call: ended },
  getRunBundle: { needs: "read", call: ended },
  // The seeded run has no session recording: an allowed call gets the 404 that says why.
  getRunRecording: { needs: "read", call: ended, answers: 404 },
  listTasks: { needs: "read", call: () => ({}) },
  getTask: { needs: "read", call: task },
  updateTask: { needs: "run", call: (w) => ({ ...task(w), body: { tags: ["matrix"] } }), watch: (w) => `/tasks/${w.pending.taskId}` },
  deleteTask: {
    needs: "run",
    call: async (w, cell) => ({ params: { id: cell.allowed ? (await w.freshRun()).taskId : w.finished.taskId } }),
    watch: (w) => `/tasks/${w.finished.taskId}`,
  },
  listTaskRecordings: { needs: "read", call: task },
  // The matrix's task has no recording yet: an allowed call finds the task, then not its version 1.
  exportRecordingPlaywright: { needs: "read", call: (w) => ({ params: { ...task(w).params, version: "1" } }), answers: 404 },
  getTaskSchedule: { needs: "read", call: task },
  setTaskSchedule: {
    needs: "run",
    call: (w) => ({ ...task(w), body: { ...DAILY, time_zone: "UTC" } }),
    watch: (w) => `/tasks/${w.pending.taskId}/schedule`,
  },
  pauseTaskSchedule: { needs: "run", call: task, watch: (w) => `/tasks/${w.pending.taskId}/schedule` },
  resumeTaskSchedule: { needs: "run", call: task, watch: (w) => `/tasks/${w.pending.taskId}/schedule` },
  deleteTaskSchedule: {
    needs: "run",
    call: async (w, cell) => ({ params: { id: cell.allowed ? await w.freshSchedule() : w.pending.taskId } }),
    watch: (w) => `/tasks/${w.pending.taskId}/schedule`,
  },
  uploadFile: {
    needs: "run",
    call: () => ({ body: { name: "matrix.txt", data: Buffer.from("matrix").toString("base64") } }),
    watch: () => "/files",
    targetsTeam: false,
  },
  listFiles: { needs: "read", call: () => ({}) },
  getFile: { needs: "read", call: file },
  getFileContent: { needs: "read", call: file },
  deleteFile: {
    needs: "run",
    call: async (w, cell) => ({ params: { id: cell.allowed ? await w.freshFile() : w.fileId } }),
    watch: (w) => `/files/${w.fileId}`,
  },
  listRunFiles: { needs: "read", call: ended },
  runAutomation: { needs: "run", call: (w) => ({ params: { slug: w.slug }, body: {} }), watch: () => "/runs", targetsTeam: false },
  listAutomationDemoRuns: { needs: "read", siteAdmin: true, call: (w) => ({ params: { slug: w.slug } }) },
  recordAutomationDemo: { needs: "run", siteAdmin: true, call: (w) => ({ params: { slug: w.slug }, body: {} }), watch: () => "/runs" },
  setAutomationDemo: { needs: "run", siteAdmin: true, call: (w) => ({ params: { slug: w.slug }, body: { run_id: w.finished.id } }) },
  createBatch: {
    needs: "run",
    call: (w) => ({ params: { id: w.batch.taskId }, body: { rows: [{ shop: "east" }], concurrency: 1 } }),
    watch: () => "/batches",
  },
  listBatches: { needs: "read", call: () => ({}) },
  getBatch: { needs: "read", call: batch },
  listBatchRows: { needs: "read", call: batch },
  getBatchResults: { needs: "read", call: batch },
  pauseBatch: batchControl(),
  resumeBatch: batchControl(true),
  cancelBatch: batchControl(),
  // A running batch has no failed row to run again: an allowed call gets that far (409), after the batch is looked up.
  rerunFailedBatchRows: { needs: "run", call: batch, answers: 409, watch: (w) => `/batches/${w.batch.id}` },
  createEvaluation: {
    needs: "run",
    call: () => ({ body: { suite: { name: "Matrix suite", cases: [{ prompt: "Count the matrix's orders" }] } } }),
    watch: () => "/evaluations",
  },
  listEvaluations: { needs: "read", call: () => ({}) },
  getEvaluation: { needs: "read", call: evaluation },
  cancelEvaluation: evaluationControl,
  deleteEvaluation: evaluationControl,
  getEvaluationReport: { needs: "read", call: evaluation },
  getEvaluationShare: { needs: "read", call: evaluation },
  shareEvaluation: { needs: "run", call: evaluation, watch: (w) => `/evaluations/${w.evaluation.id}/share` },
  // The world's link must keep working for getSharedEvaluation: an allowed call unshares a throwaway one.
  unshareEvaluation: {
    needs: "run",
    call: async (w, cell) => (cell.allowed ? { params: { id: await w.freshEvaluation() } } : evaluation(w)),
    watch: (w) => `/evaluations/${w.evaluation.id}/share`,
  },
  // Public: the same answer whoever asks, with or without credentials.
  listAutomations: { needs: "public", call: () => ({}) },
  getAutomationFacets: { needs: "public", call: () => ({}) },
  getAutomation: { needs: "public", call: (w) => ({ params: { slug: w.slug } }) },
  getDemoRun: { needs: "public", call: (w) => ({ params: { id: w.shared.id } }) },
  getSharedRun: { needs: "public", call: (w) => ({ params: { token: w.shared.token } }) },
  getSharedScreenshot: { needs: "public", call: (w) => ({ params: { token: w.shared.token, id: w.shared.stepId } }) },
  getSharedEvaluation: { needs: "public", call: (w) => ({ params: { token: w.evaluation.token } }) },
};
