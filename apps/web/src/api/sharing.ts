import { queryOptions } from "@tanstack/react-query";
import { runShareSchema, sharedRunSchema, type RunShare } from "@errand/contract";
import { apiRequest, ignoreBody } from "./http";

const sharePath = (runId: string) => `/api/v1/runs/${encodeURIComponent(runId)}/share`;

export const shareKeys = {
  run: (runId: string) => ["share", runId] as const,
  shared: (token: string) => ["shared", token] as const,
};

/** GET /runs/{id}/share: the run's share link, or url null. */
export const runShareQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: shareKeys.run(runId),
    queryFn: ({ signal }) => apiRequest(sharePath(runId), runShareSchema, { signal }),
  });

/** POST /runs/{id}/share: turns the link on (the same link when it already is). */
export function shareRun(runId: string): Promise<RunShare> {
  return apiRequest(sharePath(runId), runShareSchema, { method: "POST" });
}

/** DELETE /runs/{id}/share: the link stops working. */
export function unshareRun(runId: string): Promise<void> {
  return apiRequest(sharePath(runId), ignoreBody, { method: "DELETE" });
}

/** GET /shared/{token}: the shared run and its steps (no sign-in needed). */
export const sharedRunQueryOptions = (token: string) =>
  queryOptions({
    queryKey: shareKeys.shared(token),
    queryFn: ({ signal }) => apiRequest(`/api/v1/shared/${encodeURIComponent(token)}`, sharedRunSchema, { signal }),
    retry: false,
    // Signed screenshot URLs last 10 minutes: read them again before then.
    staleTime: 5 * 60_000,
  });
