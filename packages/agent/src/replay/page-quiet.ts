import type { Page } from "playwright-core";
import type { ActivityTracker } from "../act/settle.ts";

/**
 * How long a loaded page must stay the same, with no request in flight, before a replayed step
 * stops waiting for its element. A page that renders later after a timer alone (no request, no
 * change to its document meanwhile) is rare; one that fetches first counts as busy throughout.
 */
export const QUIET_MS = 1_500;

/** The document's state, size and text length: cheap to read, and it moves while a page renders. */
const SIGNATURE = `(() => document.readyState + '|' + document.getElementsByTagName('*').length + '|' + (document.body ? document.body.textContent.length : 0))()`;

/**
 * A watch asked again and again while waiting for an element: true once the page has finished
 * loading, has no request in flight, and its document has not changed for `quietMs`. A replay
 * then knows the element is not coming, instead of waiting out its whole time.
 */
export function quietWatch(page: Page, tracker: Pick<ActivityTracker, "idle">, quietMs = QUIET_MS): () => Promise<boolean> {
  let last: string | null = null;
  let since = Date.now();
  return async () => {
    const now = Date.now();
    const signature = page.isClosed() ? null : await page.evaluate(SIGNATURE).catch(() => null);
    if (typeof signature !== "string" || !signature.startsWith("complete|") || !tracker.idle() || signature !== last) {
      last = typeof signature === "string" ? signature : null;
      since = now;
      return false;
    }
    return now - since >= quietMs;
  };
}
