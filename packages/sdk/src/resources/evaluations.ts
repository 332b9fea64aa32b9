import { API_ROUTES, operationPath } from "@errand/contract/routes";
import type { ApiBody, Evaluation, EvaluationDetail, EvaluationReport, EvaluationShare } from "@errand/contract";
import { waitWhileRunning } from "../wait-while-running.ts";
import type { Query } from "../http-client.ts";
import { callOperation } from "../operation-call.ts";
import { Resource } from "./resource.ts";
import type { RequestOptions, WaitWhileRunningOptions } from "../types.ts";

/** How often waitForEvaluation reads the evaluation's progress, unless told. */
const EVALUATION_POLL_MS = 2000;

/** Evaluations: a suite of cases run against one or more models, compared side by side (docs/evaluations.md). */
export class Evaluations extends Resource {
  /**
   * POST /evaluations: `{ suite, models? }` as an object, or the suite as YAML text (then
   * `models` go in the query). Sent again with the same idempotency key (the option, or
   * `idempotency_key`), it answers the first evaluation and starts nothing.
   */
  create(
    evaluation: ApiBody<"createEvaluation"> | { yaml: string; models?: string[] },
    options?: RequestOptions,
  ): Promise<EvaluationDetail> {
    if ("yaml" in evaluation) {
      const query = evaluation.models ? ({ models: evaluation.models.join(",") } as Query) : undefined;
      return this.http.request(
        { method: "POST", path: API_ROUTES.createEvaluation.path, query, body: evaluation.yaml, contentType: "application/yaml" },
        options,
      );
    }
    return callOperation(this.http, "createEvaluation", { body: evaluation }, options);
  }

  /** GET /evaluations: the workspace's evaluations, newest first. */
  async list(options?: RequestOptions): Promise<Evaluation[]> {
    return (await callOperation(this.http, "listEvaluations", {}, options)).evaluations;
  }

  /** GET /evaluations/{id}: its progress, its suite and its report so far. */
  get(id: string, options?: RequestOptions): Promise<EvaluationDetail> {
    return callOperation(this.http, "getEvaluation", { params: { id } }, options);
  }

  /** POST /evaluations/{id}/cancel: cases not started are skipped, pending runs cancelled. */
  cancel(id: string, options?: RequestOptions): Promise<EvaluationDetail> {
    return callOperation(this.http, "cancelEvaluation", { params: { id } }, options);
  }

  /** DELETE /evaluations/{id}: the evaluation and its report go; its runs stay. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await callOperation(this.http, "deleteEvaluation", { params: { id } }, options);
  }

  /** GET /evaluations/{id}/report: per model and per case x model. */
  report(id: string, options?: RequestOptions): Promise<EvaluationReport> {
    return callOperation(
      this.http,
      "getEvaluationReport",
      { params: { id }, query: { format: "json" } },
      options,
    ) as Promise<EvaluationReport>;
  }

  /** GET /evaluations/{id}/report?format=csv: one line per case x model. */
  async reportCsv(id: string, options?: RequestOptions): Promise<string> {
    return this.csvText(operationPath(API_ROUTES.getEvaluationReport.path, { id }), {}, options);
  }

  /** POST /evaluations/{id}/share: a link anyone can open to see the report. */
  share(id: string, options?: RequestOptions): Promise<{ url: string }> {
    return callOperation(this.http, "shareEvaluation", { params: { id } }, options);
  }

  /** DELETE /evaluations/{id}/share: the link stops working. */
  unshare(id: string, options?: RequestOptions): Promise<EvaluationShare> {
    return callOperation(this.http, "unshareEvaluation", { params: { id } }, options);
  }

  /** Resolves with the evaluation once it is finished or cancelled; `onProgress` gets each reading. */
  waitForEvaluation(id: string, options: WaitWhileRunningOptions<EvaluationDetail> = {}): Promise<EvaluationDetail> {
    return waitWhileRunning((signal) => this.get(id, { signal }), options, "evaluation", EVALUATION_POLL_MS);
  }
}
