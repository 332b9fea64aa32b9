import { escapeHtml } from "../fixture-sites/html-layout.ts";

/** A small standalone HTML page (the fakes' consent and checkout screens): title, own CSS, body in <main>. */
export function htmlDocument(title: string, css: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${css.trim()}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
