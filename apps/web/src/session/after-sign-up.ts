/**
 * Where a person goes once signed in from a page that sent them to sign up (`/signup?next=…`):
 * that page's address when it is one of ours, else the dashboard. Only a path on this site is
 * followed (not `//host` or a full URL), so a link cannot send a new account elsewhere.
 */
export function pathAfterSignUp(search: string): string {
  const next = new URLSearchParams(search).get("next");
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/dashboard";
  return next;
}

/** Sign-up that leads on to `next` afterwards (and at once for a person already signed in). */
export function signUpThen(next: string): string {
  return `/signup?next=${encodeURIComponent(next)}`;
}
