import type { ProxyEntry } from "@errand/contract";

/**
 * The proxy pool dialog's text: one proxy a line, its URL then optionally its country
 * ("http://user:pass@proxy.example.com:8080 de"). Pure: unit-tested in node.
 */
export function parseProxyLines(text: string): { url: string; country?: string }[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [url = "", country] = line.split(/\s+/);
      return country ? { url, country } : { url };
    });
}

/** The body's `entries`: the kept proxies by id (their countries as edited), then the new lines. */
export function poolEntries(kept: Pick<ProxyEntry, "id" | "country">[], text: string) {
  return [...kept.map((e) => (e.country ? { id: e.id, country: e.country } : { id: e.id })), ...parseProxyLines(text)];
}

/**
 * Issues of `entries.N...` said of the line they came from: kept proxies first, then the new
 * lines (counted from 1), so "entries.2.url" with one kept proxy is "New line 2: ...".
 */
export function entryProblem(path: readonly PropertyKey[], message: string, keptCount: number): string {
  if (path[0] !== "entries" || typeof path[1] !== "number") return message;
  const index = path[1];
  return index < keptCount ? `Saved proxy ${index + 1}: ${message}` : `Line ${index - keptCount + 1}: ${message}`;
}
