import type { OAuthProvider } from "../../api/auth";

export const PROVIDER_LABELS: Record<OAuthProvider, string> = { google: "Google", github: "GitHub" };

/** The toast description when provider sign-in fails (spec section 8, "Provider sign-in"). */
export function providerSignInError(provider: OAuthProvider): string {
  return `Could not sign in with ${PROVIDER_LABELS[provider]}. Please try again.`;
}

/**
 * The provider named by `?error=google` or `?error=github`. The server appends its own
 * `error` (a reason code) and `error_description` after ours, so every `error` value is read.
 */
export function failedProvider(params: URLSearchParams): OAuthProvider | null {
  const values = params.getAll("error");
  if (values.includes("google")) return "google";
  if (values.includes("github")) return "github";
  return null;
}

/** The query without the sign-in error parameters, other parameters kept. */
export function withoutProviderError(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("error");
  next.delete("error_description");
  return next;
}
