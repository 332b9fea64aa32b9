// @errand/services/api-keys: a workspace's named, scoped, expiring API keys
// (docs/adr/0035-named-api-keys-with-scopes.md). Resolving a key to a caller is in accounts/.
export { createApiKey } from "./create-api-key.ts";
export { listApiKeys } from "./list-api-keys.ts";
export { revokeApiKey } from "./revoke-api-key.ts";
