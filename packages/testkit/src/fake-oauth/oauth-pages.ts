import { escapeHtml } from "../fixture-sites/html-layout.ts";
import { htmlDocument } from "../lib/html-document.ts";
import type { FakeOAuthAccount } from "./types.ts";

const CSS = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2328;background:#f6f8fa}
main{max-width:420px;margin:48px auto;padding:24px;background:#fff;border:1px solid #d0d7de;border-radius:8px}
form{margin:8px 0}
button{width:100%;padding:10px;border:1px solid #1f883d;border-radius:6px;background:#1f883d;color:#fff;font:inherit;cursor:pointer}
button.secondary{background:#fff;color:#1f2328;border-color:#d0d7de}
`;

const document = (title: string, body: string) => htmlDocument(title, CSS, body);

const hiddenInputs = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");

/**
 * The consent page: one "Continue as <email>" form per account and a Cancel form, each posting the
 * original authorization parameters back to /authorize/consent.
 */
export function consentPage(params: Record<string, string>, accounts: FakeOAuthAccount[], scope: string): string {
  const hidden = hiddenInputs(params);
  const choices = accounts
    .map(
      (account) => `<form method="post" action="/authorize/consent">
${hidden}
<input type="hidden" name="account_id" value="${escapeHtml(account.id)}">
<button type="submit">Continue as ${escapeHtml(account.email)}</button>
</form>`,
    )
    .join("\n");
  const scopes = scope === "" ? "" : `<p>Errand will receive: ${escapeHtml(scope.split(" ").join(", "))}</p>`;
  return document(
    "Sign in to Errand",
    `<h1>Sign in to Errand</h1>
${scopes}
${choices}
<form method="post" action="/authorize/consent">
${hidden}
<input type="hidden" name="action" value="cancel">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  );
}

/** What a provider shows when it cannot even redirect back: the request itself is broken. */
export function authorizeErrorPage(problem: string): string {
  return document("Authorization error", `<h1>Authorization error</h1>\n<p role="alert">${escapeHtml(problem)}</p>`);
}
