import { apiOperations, evaluationOperations } from "@errand/contract";
import {
  cancelEvaluation,
  createEvaluation,
  deleteEvaluation,
  getEvaluation,
  getEvaluationReport,
  getEvaluationReportCsv,
  getEvaluationShare,
  getSharedEvaluation,
  listEvaluations,
  shareEvaluation,
  unshareEvaluation,
  type EvaluationInput,
} from "@errand/services/evaluations";
import { invalid, type ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../authenticate.ts";
import { validationResponse } from "../errors.ts";
import { serveJsonOrCsv } from "../files/serve-json-or-csv.ts";
import { verbServer } from "../serve-verb.ts";
import { sharedHeaders } from "../sharing/share-routes.ts";

const create = createRoute(evaluationOperations.createEvaluation);
export const sharedEvaluationRoute = createRoute(apiOperations.getSharedEvaluation);

/** Evaluations (docs/adr/0044-evaluations.md), below /evaluations. */
export function registerEvaluationRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  api.openapi(create, async (c) => {
    const made = await createEvaluation({ ctx, caller: c.get("caller"), input: await evaluationFromRequest(c) });
    return c.json(made, 201);
  });
  serve(evaluationOperations.listEvaluations, () => ({}), listEvaluations);
  serve(evaluationOperations.getEvaluation, ({ param }) => ({ evaluationId: param.id }), getEvaluation);
  serve(evaluationOperations.cancelEvaluation, ({ param }) => ({ evaluationId: param.id }), cancelEvaluation);
  serve(evaluationOperations.deleteEvaluation, ({ param }) => ({ evaluationId: param.id }), deleteEvaluation);
  const report = { json: getEvaluationReport, csv: getEvaluationReportCsv };
  serveJsonOrCsv(api, ctx, evaluationOperations.getEvaluationReport, ({ param }) => ({ evaluationId: param.id }), report);
  serve(evaluationOperations.getEvaluationShare, ({ param }) => ({ evaluationId: param.id }), getEvaluationShare);
  serve(evaluationOperations.shareEvaluation, ({ param }) => ({ evaluationId: param.id }), shareEvaluation);
  serve(evaluationOperations.unshareEvaluation, ({ param }) => ({ evaluationId: param.id }), unshareEvaluation);
}

/** Public: the shared report, mounted before the authentication middleware like shared runs. */
export function sharedEvaluationRoutes(ctx: ServiceContext) {
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.use(sharedEvaluationRoute.getRoutingPath(), sharedHeaders);
  app.openapi(sharedEvaluationRoute, async (c) =>
    c.json(await getSharedEvaluation({ ctx, input: { token: c.req.valid("param").token } }), 200),
  );
  return app;
}

const YAML_TYPES = ["application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"];

/** The evaluation as sent: JSON, or the suite as YAML with the models in the query; the Idempotency-Key header beside either. */
async function evaluationFromRequest(c: Context<AppEnv>): Promise<EvaluationInput> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const idempotencyKey = c.req.header("idempotency-key") || undefined;
  if (YAML_TYPES.some((yaml) => type.startsWith(yaml))) return { yaml: await c.req.text(), models: c.req.query("models"), idempotencyKey };
  // JSON was checked against the operation's schema on the way in; the verb checks it again with the rest.
  const body = c.req.valid("json" as never) as unknown;
  if (body === undefined)
    throw invalid([{ path: "body", message: "Send the evaluation as JSON ({ suite, models }) or the suite as YAML (application/yaml)" }]);
  return { body, idempotencyKey };
}
