import { queryOptions } from "@tanstack/react-query";
import type { Credential } from "@errand/contract";
import { itemSaves } from "./item-saves";
import { callOperation } from "./operation";

export const credentialKeys = { list: () => ["credentials"] as const };

/** GET /credentials: the vault by name, never a value. */
export const credentialsQueryOptions = queryOptions({
  queryKey: credentialKeys.list(),
  queryFn: async ({ signal }): Promise<Credential[]> => (await callOperation("listCredentials", { signal })).credentials,
});

/** POST /credentials, and PATCH /credentials/{id} (only the fields sent change). */
export const credentialSaves = itemSaves("createCredential", "updateCredential", "credential", credentialKeys.list());

/** DELETE /credentials/{id} (204). */
export function deleteCredential(id: string): Promise<void> {
  return callOperation("deleteCredential", { params: { id } });
}
