// @errand/services/accounts: provisioning an account, the API key, and resolving a caller from a
// key or a session.
export { API_KEY_PREFIX } from "./api-key.ts";
export { provisionAccount } from "./provision-account.ts";
export { getAccount } from "./get-account.ts";
export { revealApiKey } from "./reveal-api-key.ts";
export { rotateApiKey } from "./rotate-api-key.ts";
export { callerFromApiKey } from "./caller-from-api-key.ts";
export { CallerCache } from "./caller-cache.ts";
export { callerFromSession } from "./caller-from-session.ts";
export { ensureLocalUser, localCaller } from "./ensure-local-user.ts";
export { getResetTokenStatus } from "./get-reset-token-status.ts";
export { deleteAccount } from "./delete-account.ts";
