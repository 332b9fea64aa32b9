import type { RunCredential } from "@errand/services/credentials";
import type { SavedState } from "@errand/services/live";

/** What a masked value becomes in a run's HAR (docs/adr/0051-run-har-trace-bundle.md). */
export const MASKED = "[masked]";

/** Shorter values are not masked: replacing every "ab" in a HAR would destroy it and hide nothing worth hiding. */
const SHORTEST_SECRET = 4;

/**
 * Every secret value the run knows (its vault credentials, its saved login's cookies and stored
 * values), as a function that masks them in any text: as written, URL-encoded and form-encoded,
 * so a password in a query string or a cookie value echoed in a header is masked too. `learned`:
 * what the run came to know as it went (an e-mailed code or sign-in link).
 */
export function secretMasker(
  known: { credentials?: RunCredential[]; login?: { state: SavedState } | null },
  learned: Iterable<string> = [],
): (text: string) => string {
  const values = new Set<string>(learned);
  for (const credential of known.credentials ?? [])
    for (const value of [credential.username, credential.password, credential.totp_secret]) if (value) values.add(value);
  for (const cookie of known.login?.state.cookies ?? []) values.add(cookie.value);
  for (const origin of known.login?.state.origins ?? []) for (const item of origin.localStorage) values.add(item.value);
  const forms = new Set<string>();
  for (const value of values) {
    if (value.length < SHORTEST_SECRET) continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(new URLSearchParams({ v: value }).toString().slice(2));
  }
  // Longest first: a secret that contains another is masked whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => ordered.reduce((masked, secret) => masked.split(secret).join(MASKED), text);
}
