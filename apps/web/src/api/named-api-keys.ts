import { queryOptions } from "@tanstack/react-query";
import type { ApiBody, CreatedApiKey, NamedApiKey } from "@errand/contract";
import { callOperation } from "./operation";

export const namedApiKeysQueryKey = ["named-api-keys"] as const;

/** GET /api-keys: the workspace's named keys, newest first (never their secrets). */
export const namedApiKeysQueryOptions = queryOptions({
  queryKey: namedApiKeysQueryKey,
  queryFn: async ({ signal }): Promise<NamedApiKey[]> => (await callOperation("listApiKeys", { signal })).api_keys,
});

/** POST /api-keys: the answer carries the secret, shown this once. */
export function createNamedApiKey(body: ApiBody<"createApiKey">): Promise<CreatedApiKey> {
  return callOperation("createApiKey", { body });
}

/** DELETE /api-keys/{id} (204): every server refuses the key from its next request. */
export function revokeNamedApiKey(id: string): Promise<void> {
  return callOperation("revokeApiKey", { params: { id } });
}
