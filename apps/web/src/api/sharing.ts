import { queryOptions } from "@tanstack/react-query";
import type { RunShare } from "@errand/contract";
import { callOperation } from "./operation";

export const shareKeys = {
  run: (runId: string) => ["share", runId] as const,
  shared: (token: string) => ["shared", token] as const,
};

/** GET /runs/{id}/share: the run's share link, or url null. */
export const runShareQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: shareKeys.run(runId),
    queryFn: ({ signal }) => callOperation("getRunShare", { params: { id: runId }, signal }),
  });

/** POST /runs/{id}/share: turns the link on (the same link when it already is). */
export function shareRun(runId: string): Promise<RunShare> {
  return callOperation("shareRun", { params: { id: runId } });
}

/** DELETE /runs/{id}/share: the link stops working. */
export function unshareRun(runId: string): Promise<void> {
  return callOperation("unshareRun", { params: { id: runId } });
}

/** GET /shared/{token}: the shared run and its steps (no sign-in needed). */
export const sharedRunQueryOptions = (token: string) =>
  queryOptions({
    queryKey: shareKeys.shared(token),
    queryFn: ({ signal }) => callOperation("getSharedRun", { params: { token }, signal }),
    retry: false,
    // Its screenshot links work as long as the share; reading it again now and then shows a
    // revoked link as gone.
    staleTime: 5 * 60_000,
  });
