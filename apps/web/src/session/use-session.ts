import { useQuery } from "@tanstack/react-query";
import type { AuthSession, SessionUser } from "../api/auth";
import { sessionQueryOptions } from "./session-query";

/** `undefined` while loading, `null` when signed out, else the session with its user. */
export function useSession(): AuthSession | null | undefined {
  return useQuery(sessionQueryOptions).data;
}

/** The signed-in user, or null while loading or signed out. */
export function useCurrentUser(): SessionUser | null {
  return useSession()?.user ?? null;
}
