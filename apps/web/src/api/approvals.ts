import { queryOptions } from "@tanstack/react-query";
import { SIGNED_URL_CACHE_MS, type ApiBody } from "@errand/contract";
import { callOperation } from "./operation";

/** POST /runs/{id}/approval: approve or deny the action the run waits on (docs/adr/0048-approval-before-irreversible-actions.md). */
export function answerRunApproval(runId: string, body: ApiBody<"answerRunApproval">) {
  return callOperation("answerRunApproval", { params: { id: runId }, body });
}

/** The page as the run asked, by its ask's time (each ask replaces the screenshot). */
export const approvalScreenshotQueryOptions = (runId: string, askedAt: string) =>
  queryOptions({
    queryKey: ["approval-screenshot", runId, askedAt] as const,
    queryFn: async () => (await callOperation("getApprovalScreenshot", { params: { id: runId } })).signed_url,
    staleTime: SIGNED_URL_CACHE_MS,
    gcTime: SIGNED_URL_CACHE_MS,
    retry: false,
  });
