import { queryOptions } from "@tanstack/react-query";
import { SESSION_REFRESH_INTERVAL_MS } from "@errand/contract";
import { getSession } from "../api/auth";

export const sessionQueryKey = ["auth", "session"] as const;

/**
 * Session auto-refreshes every 30 s and whenever the window regains focus (spec sections 4 and 9).
 * Mounting another component that reads it does not refetch.
 *
 * Only the server's answer "no session" signs a person out of the page. A refresh that fails
 * (the server busy, restarting or unreachable) keeps the session the page knew, and the next
 * refresh tries again: React Query keeps a query's data when a later fetch fails. See useSession
 * for a first fetch that fails.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  refetchInterval: SESSION_REFRESH_INTERVAL_MS,
  refetchOnWindowFocus: true,
  refetchOnMount: false,
  staleTime: 0,
  retry: false,
});
