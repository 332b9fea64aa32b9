import { queryOptions } from "@tanstack/react-query";
import type { ApiBody, EvaluationDetail, EvaluationShare } from "@errand/contract";
import { apiFileText, apiRequest } from "./http";
import { answerAsSent, callOperation, operationUrl } from "./operation";

export const evaluationKeys = {
  all: ["evaluations"] as const,
  list: () => ["evaluations", "list"] as const,
  one: (id: string) => ["evaluations", id] as const,
  share: (id: string) => ["evaluations", id, "share"] as const,
  shared: (token: string) => ["shared-evaluation", token] as const,
};

/** How often a running evaluation's page reads it again. */
export const EVALUATION_POLL_MS = 2_000;

/** GET /evaluations: the workspace's evaluations, newest first; read again now and then while one runs. */
export const evaluationListQueryOptions = () =>
  queryOptions({
    queryKey: evaluationKeys.list(),
    queryFn: ({ signal }) => callOperation("listEvaluations", { signal }),
    refetchInterval: (query) => (query.state.data?.evaluations.some((e) => e.status === "running") ? EVALUATION_POLL_MS * 2 : false),
  });

/** GET /evaluations/{id}: progress and the report so far; read every 2 s until it is no longer running. */
export const evaluationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: evaluationKeys.one(id),
    queryFn: ({ signal }) => callOperation("getEvaluation", { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.status === "running" ? EVALUATION_POLL_MS : false),
  });

/** POST /evaluations from a suite object (built in the form, or pasted JSON). */
export function createEvaluation(body: ApiBody<"createEvaluation">): Promise<EvaluationDetail> {
  return callOperation("createEvaluation", { body });
}

/** POST /evaluations with a YAML suite as it was pasted; the server reads it and names what is wrong. */
export function createEvaluationFromYaml(yaml: string, models: readonly string[]): Promise<EvaluationDetail> {
  const url = operationUrl("createEvaluation", undefined, { models: models.join(",") });
  return apiRequest(url, answerAsSent<EvaluationDetail>(), { method: "POST", text: { body: yaml, type: "application/yaml" } });
}

/** POST /evaluations/{id}/cancel: waiting cases are skipped, running ones stopped. */
export function cancelEvaluation(id: string): Promise<EvaluationDetail> {
  return callOperation("cancelEvaluation", { params: { id } });
}

/** DELETE /evaluations/{id}: the evaluation and its report go; its runs stay in Task History. */
export function deleteEvaluation(id: string): Promise<void> {
  return callOperation("deleteEvaluation", { params: { id } });
}

/** GET /evaluations/{id}/report as a file to save: JSON or CSV, with the name the server gives. */
export function evaluationReportFile(id: string, format: "json" | "csv"): Promise<{ text: string; fileName: string | null }> {
  return apiFileText(operationUrl("getEvaluationReport", { id }, { format }));
}

/** GET /evaluations/{id}/share: the share link, or url null. */
export const evaluationShareQueryOptions = (id: string) =>
  queryOptions({
    queryKey: evaluationKeys.share(id),
    queryFn: ({ signal }) => callOperation("getEvaluationShare", { params: { id }, signal }),
  });

/** POST or DELETE /evaluations/{id}/share: the link on (the same one while on) or off. */
export function setEvaluationShared(id: string, shared: boolean): Promise<EvaluationShare> {
  return callOperation(shared ? "shareEvaluation" : "unshareEvaluation", { params: { id } });
}

/** GET /shared/evaluations/{token}: the shared report (no sign-in needed); 404 once unshared. */
export const sharedEvaluationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: evaluationKeys.shared(token),
    queryFn: ({ signal }) => callOperation("getSharedEvaluation", { params: { token }, signal }),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === "running" ? EVALUATION_POLL_MS * 2 : false),
  });
