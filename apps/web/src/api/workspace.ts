import { queryOptions } from "@tanstack/react-query";
import { API_KEY_CACHE_MS, apiKeySchema, authContextSchema, demoRunSchema, webhookSecretSchema } from "@errand/contract";
import { apiRequest } from "./http";
import { listParser } from "./parsers";

export const apiKeyQueryKey = ["api-key"] as const;

/** The API key, cached 5 minutes (spec section 9). */
export const apiKeyQueryOptions = queryOptions({
  queryKey: apiKeyQueryKey,
  queryFn: ({ signal }) => apiRequest("/api/v1/account/api-key", apiKeySchema, { signal }),
  staleTime: API_KEY_CACHE_MS,
  refetchOnWindowFocus: false,
});

/** The webhook signing secret (fetched only when the person asks to see it). */
export const webhookSecretQueryOptions = queryOptions({
  queryKey: ["webhook-secret"] as const,
  queryFn: ({ signal }) => apiRequest("/api/v1/account/webhook-secret", webhookSecretSchema, { signal }),
  staleTime: API_KEY_CACHE_MS,
  refetchOnWindowFocus: false,
});

export function rotateApiKey() {
  return apiRequest("/api/v1/account/api-key/rotate", apiKeySchema, { method: "POST" });
}

const authContextsParser = listParser("auth_contexts", authContextSchema);

/** The person's auth contexts, ordered by name (for the Auth Context selector). */
export const authContextsQueryOptions = queryOptions({
  queryKey: ["auth-contexts"] as const,
  queryFn: async ({ signal }) => (await apiRequest("/api/v1/auth-contexts", authContextsParser, { signal })).auth_contexts,
});

/** A public run with its steps (no sign-in needed). */
export const demoQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: ["demo", runId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/v1/demo/${encodeURIComponent(runId)}`, demoRunSchema, { signal }),
    retry: false,
    staleTime: 60_000,
  });
