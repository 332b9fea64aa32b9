// @errand/services/evaluations: suites of cases run against models, compared (docs/adr/0044-evaluations.md).
export { createEvaluation } from "./create-evaluation.ts";
export { getEvaluation, listEvaluations } from "./list-evaluations.ts";
export { cancelEvaluation, deleteEvaluation } from "./evaluation-controls.ts";
export { getEvaluationReport, getEvaluationReportCsv } from "./evaluation-report.ts";
export {
  getEvaluationShare,
  getSharedEvaluation,
  sharedEvaluationExists,
  shareEvaluation,
  unshareEvaluation,
} from "./share-evaluation.ts";
export { dispatchEvaluation } from "./dispatch-evaluation.ts";
export { sweepEvaluations, wakeEvaluation } from "./sweep-evaluations.ts";
export { expectedMatches } from "./expected-match.ts";
export type { EvaluationInput } from "./suite-input.ts";
