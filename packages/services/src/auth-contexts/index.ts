// @errand/services/auth-contexts: saved logins; create, re-log in, load and refresh a site's storage state.
export { listAuthContexts } from "./list-auth-contexts.ts";
export { getAuthContext } from "./get-auth-context.ts";
export { deleteAuthContext } from "./delete-auth-context.ts";
export { createAuthContext } from "./create-auth-context.ts";
export { openRelogInSession } from "./open-relogin-session.ts";
export { replaceAuthContextState } from "./replace-auth-context-state.ts";
export { openLoginSession } from "./open-login-session.ts";
export { closeLoginSession } from "./close-login-session.ts";
export { loadAuthContextState } from "./load-auth-context-state.ts";
export { saveRefreshedState } from "./save-refreshed-state.ts";
export { stateForSites, refreshedState } from "./storage-state.ts";
