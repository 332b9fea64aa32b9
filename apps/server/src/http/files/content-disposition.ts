/**
 * `attachment` with the file's name twice: an ASCII fallback (quotes, backslashes and anything
 * outside printable ASCII become "_") and the exact name UTF-8 percent-encoded (RFC 6266, 8187).
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
