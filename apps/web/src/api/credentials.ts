import { queryOptions } from "@tanstack/react-query";
import { credentialOperations as operations, type ApiBody, type Credential } from "@errand/contract";
import { callOperation } from "./operation";

export const credentialKeys = { list: () => ["credentials"] as const };

/** GET /credentials: the vault by name, never a value. */
export const credentialsQueryOptions = queryOptions({
  queryKey: credentialKeys.list(),
  queryFn: async ({ signal }): Promise<Credential[]> => (await callOperation(operations.listCredentials, { signal })).credentials,
});

/** POST /credentials. */
export function createCredential(body: ApiBody<"createCredential">): Promise<Credential> {
  return callOperation(operations.createCredential, { body });
}

/** PATCH /credentials/{id}: only the fields sent change. */
export function updateCredential(id: string, body: ApiBody<"updateCredential">): Promise<Credential> {
  return callOperation(operations.updateCredential, { params: { id }, body });
}

/** DELETE /credentials/{id} (204). */
export function deleteCredential(id: string): Promise<void> {
  return callOperation(operations.deleteCredential, { params: { id } });
}
