import { EMBEDDED_RESPONSES_ID } from "@errand/contract";

/**
 * Answers the server embedded in the page for GET requests the page makes first (see the
 * server's public-page resolver): each is used once, saving a round trip before the first paint
 * of the marketplace and automation pages. Later requests go to the network.
 */
let responses: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (responses) return responses;
  responses = new Map();
  const element = typeof document === "undefined" ? null : document.getElementById(EMBEDDED_RESPONSES_ID);
  if (element?.textContent) {
    try {
      for (const [path, body] of Object.entries(JSON.parse(element.textContent) as Record<string, unknown>)) responses.set(path, body);
    } catch (error) {
      console.warn("Ignoring unreadable embedded responses", error);
    }
  }
  return responses;
}

/** The embedded answer for a GET path, once; undefined when there is none. */
export function takeEmbeddedResponse(path: string): unknown {
  const all = load();
  if (!all.has(path)) return undefined;
  const body = all.get(path);
  all.delete(path);
  return body;
}

/** Every embedded answer, taken at once (a server-rendered page puts them in its query cache). */
export function takeEmbeddedResponses(): Record<string, unknown> {
  const all = Object.fromEntries(load());
  responses = new Map();
  return all;
}
