import type { AuthSession, SignInInput, SignUpInput } from "@errand/contract";
import { apiRequest, ignoreBody, type Parser } from "./http";

export type { AuthSession, SessionUser } from "@errand/contract";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function optionalString(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Checked by hand, not with the contract's zod schema, to keep zod out of the first-load bundle. */
export const authSessionParser: Parser<AuthSession | null> = {
  parse(data) {
    if (data === null) return null;
    if (!isRecord(data) || !isRecord(data.session) || !isRecord(data.user)) {
      throw new Error("Unexpected session response");
    }
    const { session, user } = data;
    if (typeof session.id !== "string" || typeof user.id !== "string" || typeof user.email !== "string") {
      throw new Error("Unexpected session response");
    }
    return {
      session: { id: session.id, expiresAt: String(session.expiresAt ?? "") },
      user: { id: user.id, email: user.email, name: optionalString(user.name), image: optionalString(user.image) },
    };
  },
};

export function getSession(signal?: AbortSignal): Promise<AuthSession | null> {
  return apiRequest("/api/auth/get-session", authSessionParser, { signal });
}

export function signInWithEmail(input: SignInInput): Promise<void> {
  return apiRequest("/api/auth/sign-in/email", ignoreBody, { method: "POST", body: input });
}

export function signUpWithEmail(input: SignUpInput): Promise<void> {
  return apiRequest("/api/auth/sign-up/email", ignoreBody, { method: "POST", body: input });
}

export function signOut(): Promise<void> {
  return apiRequest("/api/auth/sign-out", ignoreBody, { method: "POST", body: {} });
}
