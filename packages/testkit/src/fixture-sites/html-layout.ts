import type { FixtureResponse } from "./types.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const BASE_CSS = `
*{box-sizing:border-box}
[hidden]{display:none !important}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
.site-header{display:flex;align-items:center;gap:24px;padding:12px 24px;background:#24292f;color:#fff}
.site-header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:960px;margin:0 auto;padding:24px}
a{color:#0969da}
button,.button{display:inline-block;padding:8px 16px;border:1px solid #1f883d;border-radius:6px;background:#1f883d;color:#fff;font:inherit;cursor:pointer}
button:disabled{opacity:.6;cursor:not-allowed}
input,select,textarea{padding:6px 8px;border:1px solid #8c959f;border-radius:6px;font:inherit;min-width:240px}
label{display:block;font-weight:600;margin:12px 0 4px}
label.inline{display:inline;font-weight:400}
table{border-collapse:collapse;margin:16px 0}
th,td{border:1px solid #d0d7de;padding:6px 12px;text-align:left}
.error{color:#cf222e;font-size:14px;margin:4px 0 0}
.status{color:#1a7f37;font-weight:600;min-height:1.5em}
`;

export interface PageOptions {
  title: string;
  body: string;
  css?: string;
  script?: string;
  /** Extra markup inside the site header, right of the brand. */
  headerExtra?: string;
}

/** A whole HTML document in the shared fixture look. */
export function renderPage(options: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>${BASE_CSS}${options.css ?? ""}</style>
</head>
<body>
<header class="site-header"><a class="brand" href="/">Fixture Sites</a>${options.headerExtra ?? ""}</header>
<main>
${options.body}
</main>
${options.script ? `<script>${options.script}</script>` : ""}
</body>
</html>`;
}

export function html(body: string, status = 200, headers: Record<string, string | string[]> = {}): FixtureResponse {
  return { status, headers: { "content-type": "text/html; charset=utf-8", ...headers }, body };
}

export function page(options: PageOptions, status = 200, headers: Record<string, string | string[]> = {}): FixtureResponse {
  return html(renderPage(options), status, headers);
}

export function redirect(location: string, status = 302, headers: Record<string, string | string[]> = {}): FixtureResponse {
  return { status, headers: { location, ...headers }, body: "" };
}

export function text(body: string, status = 200): FixtureResponse {
  return { status, headers: { "content-type": "text/plain; charset=utf-8" }, body };
}

/** Formats integer cents as US dollars: 129900 -> "$1,299.00". */
export function formatUsd(cents: number): string {
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `$${dollars}.${String(cents % 100).padStart(2, "0")}`;
}
