/**
 * A URL the server gave for an <iframe>, made absolute against `base`, or null unless it is
 * http(s): a `javascript:` or `data:` source must never reach the frame.
 */
export function safeFrameUrl(url: string, base: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
}
