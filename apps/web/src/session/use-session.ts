import { useQuery } from "@tanstack/react-query";
import type { AuthSession, SessionUser } from "../api/auth";
import { sessionQueryOptions } from "./session-query";

/**
 * `undefined` while loading, `null` when signed out, else the session with its user. A first
 * fetch that failed counts as signed out (the login page then says what is wrong); a later one
 * that failed keeps the session known before.
 */
export function useSession(): AuthSession | null | undefined {
  const { data, isError } = useQuery(sessionQueryOptions);
  if (data !== undefined) return data;
  return isError ? null : undefined;
}

/** The signed-in user, or null while loading or signed out. */
export function useCurrentUser(): SessionUser | null {
  return useSession()?.user ?? null;
}
