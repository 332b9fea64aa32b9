export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page a refused navigation shows, whoever refused it (the request guard or the guard proxy). */
export function blockedPageHtml(url: string, reason: string): string {
  return `<!doctype html><meta charset="utf-8"><title>Blocked by Errand</title><h1>Blocked by Errand</h1><p>Errand did not open ${escapeHtml(url)}: ${escapeHtml(reason)}. Pages on private, loopback, link-local and cloud-metadata addresses are not allowed.</p>`;
}
