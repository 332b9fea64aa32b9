import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { AuthContext, AuthSession, CreateAuthContext } from "@errand/contract";
import { callOperation, operationUrl } from "./operation";

export { authContextsQueryOptions } from "./workspace";

/** Everything under "auth-contexts": the list (exactly ["auth-contexts"]) and single contexts. */
export const authContextsKeys = {
  all: ["auth-contexts"] as const,
  detail: (id: string) => ["auth-contexts", "detail", id] as const,
};

/** GET /auth-contexts/{id}. */
export const authContextQueryOptions = (id: string) =>
  queryOptions({
    queryKey: authContextsKeys.detail(id),
    queryFn: ({ signal }) => callOperation("getAuthContext", { params: { id }, signal }),
  });

/** Refetches the list (and any single context) after a create or a delete. */
export function invalidateAuthContexts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: authContextsKeys.all });
}

/** DELETE /auth-contexts/{id} (204). */
export function deleteAuthContext(id: string): Promise<void> {
  return callOperation("deleteAuthContext", { params: { id } });
}

/**
 * POST /auth-contexts/sessions: a live browser opened on `url`, to log in to it.
 * 429 when the person already has too many open sessions, 400 when the URL is not allowed.
 */
export function createAuthSession(url: string, proxy?: { pool: string; country?: string }): Promise<AuthSession> {
  return callOperation("openLoginSession", { body: proxy ? { urls: [url], proxy } : { urls: [url] } });
}

/** DELETE /auth-contexts/sessions/{id}: closes the live browser without saving. */
export function closeAuthSession(id: string): Promise<void> {
  return callOperation("closeLoginSession", { params: { id } });
}

/**
 * The same DELETE, for when the page is going away (unmount, tab closed): `keepalive` lets the
 * request outlive the page. Best effort, errors ignored.
 */
export function closeAuthSessionOnExit(id: string): void {
  try {
    void fetch(operationUrl("closeLoginSession", { id }), { method: "DELETE", credentials: "include", keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // fetch itself can throw while the document unloads; the server's idle timeout closes it then.
  }
}

/** POST /auth-contexts: saves the session's login under `name` and closes the session. */
export function createAuthContext(body: CreateAuthContext): Promise<AuthContext> {
  return callOperation("createAuthContext", { body });
}

/**
 * POST /auth-contexts/{id}/sessions: "Log in again", a live browser on the saved login's site
 * with its saved state loaded. 429 and 400 as for a new session; 404 when it was deleted.
 */
export function createRelogInSession(id: string): Promise<AuthSession> {
  return callOperation("openRelogInSession", { params: { id } });
}

/** PUT /auth-contexts/{id}/state: the session's login replaces the saved one, and the session closes. */
export function replaceAuthContextState(id: string, sessionId: string): Promise<AuthContext> {
  return callOperation("replaceAuthContextState", { params: { id }, body: { session_id: sessionId } });
}
