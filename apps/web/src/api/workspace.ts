import { queryOptions } from "@tanstack/react-query";
import { API_KEY_CACHE_MS } from "@errand/contract";
import { callOperation } from "./operation";

export const apiKeyQueryKey = ["api-key"] as const;

/** The API key, cached 5 minutes (spec section 9). */
export const apiKeyQueryOptions = queryOptions({
  queryKey: apiKeyQueryKey,
  queryFn: ({ signal }) => callOperation("revealApiKey", { signal }),
  staleTime: API_KEY_CACHE_MS,
  refetchOnWindowFocus: false,
});

/** The webhook signing secret (fetched only when the person asks to see it). */
export const webhookSecretQueryOptions = queryOptions({
  queryKey: ["webhook-secret"] as const,
  queryFn: ({ signal }) => callOperation("getWebhookSecret", { signal }),
  staleTime: API_KEY_CACHE_MS,
  refetchOnWindowFocus: false,
});

export function rotateApiKey() {
  return callOperation("rotateApiKey", {});
}

/** DELETE /account: the account, its personal workspace and everything in it (docs/adr/0040-team-workspaces-outlive-their-members.md). */
export function deleteAccount() {
  return callOperation("deleteAccount", {});
}

/** The person's auth contexts, ordered by name (for the Auth Context selector). */
export const authContextsQueryOptions = queryOptions({
  queryKey: ["auth-contexts"] as const,
  queryFn: async ({ signal }) => (await callOperation("listAuthContexts", { signal })).auth_contexts,
});

/** A public run with its steps (no sign-in needed). */
export const demoQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: ["demo", runId] as const,
    queryFn: ({ signal }) => callOperation("getDemoRun", { params: { id: runId }, signal }),
    retry: false,
    staleTime: 60_000,
  });
