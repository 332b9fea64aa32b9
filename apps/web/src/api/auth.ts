import type { SignInSession as AuthSession, SignInInput, SignUpInput } from "@errand/contract";
import { requestOperation } from "./operation";
import { apiRequest, ignoreBody, type Parser } from "./http";

export type { SignInSession as AuthSession, SessionUser } from "@errand/contract";

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

export type OAuthProvider = "google" | "github";

/** The provider's sign-in page: an absolute web address or a path on this site. */
const providerRedirectParser: Parser<{ url: string }> = {
  parse(data) {
    const url = isRecord(data) ? data.url : undefined;
    if (typeof url !== "string" || !/^(https?:\/\/|\/(?![/\\]))/i.test(url)) {
      throw new Error("Unexpected provider sign-in response");
    }
    return { url };
  },
};

/**
 * Starts sign-in with an identity provider; the caller sends the browser to the returned url.
 * Back at /dashboard on success, at /login?error={provider} on failure.
 */
export function signInWithProvider(providerId: OAuthProvider): Promise<{ url: string }> {
  return apiRequest("/api/auth/sign-in/social", providerRedirectParser, {
    method: "POST",
    body: {
      provider: providerId,
      callbackURL: "/dashboard",
      errorCallbackURL: `/login?error=${providerId}`,
      newUserCallbackURL: "/dashboard",
    },
  });
}

/** Answers alike whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<void> {
  return apiRequest("/api/auth/request-password-reset", ignoreBody, {
    method: "POST",
    body: { email, redirectTo: "/reset-password" },
  });
}

const resetTokenStatusParser: Parser<{ valid: boolean }> = {
  parse: (data) => ({ valid: isRecord(data) && data.valid === true }),
};

/** GET /password-reset/{token}: whether a reset link can still be used. */
export function checkResetToken(token: string, signal?: AbortSignal): Promise<{ valid: boolean }> {
  return requestOperation("getPasswordResetStatus", { params: { token }, signal }, resetTokenStatusParser);
}

export function resetPassword(input: { newPassword: string; token: string }): Promise<void> {
  return apiRequest("/api/auth/reset-password", ignoreBody, { method: "POST", body: input });
}
