import type { QueryClient } from "@tanstack/react-query";
import { AUTH_TOKEN_STORAGE_KEY } from "@errand/contract";
import { setCurrentWorkspace } from "../workspaces/current-workspace";
import { sessionQueryKey, sessionQueryOptions } from "./session-query";

/**
 * Signs the local app out: session and user are cleared together at once (one cache entry),
 * then the stored auth token is removed from local storage (spec section 4).
 */
export async function clearLocalSession(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: sessionQueryKey });
  queryClient.setQueryData(sessionQueryKey, null);
  // The next person starts in their own personal workspace.
  setCurrentWorkspace(null);
  try {
    window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch (error) {
    console.warn("Could not clear the stored auth token", error);
  }
}

/**
 * Drops every cached per-user query (account, tasks...). Call it once the signed-in pages are
 * gone, so a mounted query does not refetch without a session.
 */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

/** After sign-in or sign-up: forgets any previous person's data, then fetches the session now. */
export function refreshSession(queryClient: QueryClient) {
  forgetUserData(queryClient);
  setCurrentWorkspace(null);
  return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}
