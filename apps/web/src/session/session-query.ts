import { queryOptions } from "@tanstack/react-query";
import { SESSION_REFRESH_INTERVAL_MS } from "@errand/contract";
import { getSession, type AuthSession } from "../api/auth";

export const sessionQueryKey = ["auth", "session"] as const;

/** A failed session fetch (server down, unexpected answer) counts as signed out. */
async function fetchSessionOrNull({ signal }: { signal: AbortSignal }): Promise<AuthSession | null> {
  try {
    return await getSession(signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

/**
 * Session auto-refreshes every 30 s and whenever the window regains focus (spec sections 4 and 9).
 * Mounting another component that reads it does not refetch.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSessionOrNull,
  refetchInterval: SESSION_REFRESH_INTERVAL_MS,
  refetchOnWindowFocus: true,
  refetchOnMount: false,
  staleTime: 0,
  retry: false,
});
