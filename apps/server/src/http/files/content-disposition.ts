import { stripInvisibleFormatCharacters } from "@errand/contract";

/**
 * `attachment` with the file's name twice: an ASCII fallback (quotes, backslashes and anything
 * outside printable ASCII become "_") and the name UTF-8 percent-encoded (RFC 6266, 8187),
 * without bidi controls or invisible format characters, which would disguise what is saved.
 */
export function attachmentDisposition(stored: string): string {
  const name = stripInvisibleFormatCharacters(stored);
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
