import { z } from "zod";
import {
  EVALUATION_LIMITS,
  createEvaluationSchema,
  evaluationCreateQuerySchema,
  evaluationDetailSchema,
  evaluationListSchema,
  evaluationReportQuerySchema,
  evaluationReportSchema,
  evaluationShareSchema,
  sharedEvaluationSchema,
} from "../evaluations.ts";
import { apiErrorSchema } from "../errors.ts";
import { area, byId, created, idempotencyHeaders, jsonContent, noContent, ok, okOrCsv, textParam } from "./describe.ts";

const op = area(["Evaluations"]);
const SUITE =
  `A suite of cases (\`prompt\`, \`start_url\`, \`output_schema\`, \`expected\`, \`checks\`, \`max_steps\`) run against each model: one ordinary run per case x model, held, charged and capped like any run, and counted in the pending-run limit (cells wait for room). ` +
  `At most ${EVALUATION_LIMITS.maxCases} cases and ${EVALUATION_LIMITS.maxModels} models. Send JSON (\`suite\`, \`models\`, \`idempotency_key\`), or the suite as YAML (\`Content-Type: application/yaml\`) with \`?models=a,b\`. ` +
  "A bad suite answers 400 naming the field and the case (e.g. `suite.cases.2.prompt`). The `Idempotency-Key` header (or `idempotency_key`) sent again answers the first evaluation and starts nothing.";

export const evaluationOperations = {
  createEvaluation: op("createEvaluation", {
    summary: "Run a suite of cases against one or more models",
    description: SUITE,
    request: {
      query: evaluationCreateQuerySchema,
      headers: idempotencyHeaders,
      body: {
        content: { "application/json": { schema: createEvaluationSchema }, "application/yaml": { schema: z.string() } },
        required: false,
      },
    },
    responses: created(evaluationDetailSchema, "The evaluation, its first runs started"),
  }),
  listEvaluations: op("listEvaluations", {
    summary: "Your workspace's evaluations, newest first (the latest 100)",
    responses: ok(evaluationListSchema, "The evaluations"),
  }),
  getEvaluation: op("getEvaluation", {
    summary: "An evaluation with its progress and its report so far",
    request: byId,
    responses: ok(evaluationDetailSchema, "The evaluation"),
  }),
  cancelEvaluation: op("cancelEvaluation", {
    summary: "Cancel an evaluation",
    description: "Cells not started are `skipped`; the runs still pending are cancelled.",
    request: byId,
    responses: ok(evaluationDetailSchema, "The cancelled evaluation", {
      409: jsonContent(apiErrorSchema, "The evaluation has already ended (its status is named)"),
    }),
  }),
  deleteEvaluation: op("deleteEvaluation", {
    summary: "Delete an evaluation and its report",
    description: "Its runs still pending are cancelled; its runs stay in the task's history.",
    request: byId,
    responses: noContent(),
  }),
  getEvaluationReport: op("getEvaluationReport", {
    summary: "An evaluation's report to download",
    description: "With format=csv, one line per case x model (text/csv, RFC 4180, a header row).",
    request: { params: byId.params, query: evaluationReportQuerySchema },
    responses: okOrCsv(evaluationReportSchema, "The report"),
  }),
  getEvaluationShare: op("getEvaluationShare", {
    summary: "An evaluation's share link, or null",
    request: byId,
    responses: ok(evaluationShareSchema, "The link"),
  }),
  shareEvaluation: op("shareEvaluation", {
    summary: "Share an evaluation's report by link",
    description:
      "Whoever has the link sees the report (prompts, answers and figures; no account details) at /shared/evaluations/{token}. Whoever may run in the workspace may share, as with runs. Already shared: the same link.",
    request: byId,
    responses: ok(evaluationShareSchema.extend({ url: z.string() }), "The share link"),
  }),
  unshareEvaluation: op("unshareEvaluation", {
    summary: "Stop sharing an evaluation",
    description: "The link stops working at once (404). Unsharing one that is not shared is fine.",
    request: byId,
    responses: ok(evaluationShareSchema, "Not shared any more (url is null)"),
  }),
  getSharedEvaluation: area(["Demos"])("getSharedEvaluation", {
    summary: "A shared evaluation's report, for whoever has the link (no key needed)",
    description: "A link its owner revoked answers 404.",
    security: [],
    request: { params: z.object({ token: textParam("token") }) },
    responses: ok(sharedEvaluationSchema, "The shared report"),
  }),
};
