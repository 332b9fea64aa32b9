import type { BrowserContext, Page, Request } from "playwright-core";

const IGNORED_TYPES = new Set(["websocket", "eventsource", "media", "ping", "manifest", "texttrack", "other"]);
/** Requests running longer than this (long polling, streams) no longer count as page activity. */
const STALE_MS = 3_000;

export interface ActivityTracker {
  /** Resolves once no request that matters is in flight, or after maxMs. */
  waitForQuiet(maxMs: number): Promise<void>;
  /** No request that matters is in flight now. */
  idle(): boolean;
  dispose(): void;
}

export function createActivityTracker(context: BrowserContext): ActivityTracker {
  const inflight = new Map<Request, number>();
  let waiters: (() => void)[] = [];
  const busy = () => {
    const now = Date.now();
    for (const started of inflight.values()) if (now - started < STALE_MS) return true;
    return false;
  };
  const wake = () => {
    if (busy()) return;
    const w = waiters;
    waiters = [];
    for (const fn of w) fn();
  };
  const onRequest = (r: Request) => {
    if (!IGNORED_TYPES.has(r.resourceType())) inflight.set(r, Date.now());
  };
  const onEnd = (r: Request) => {
    if (inflight.delete(r)) wake();
  };
  context.on("request", onRequest);
  context.on("requestfinished", onEnd);
  context.on("requestfailed", onEnd);
  return {
    idle: () => !busy(),
    waitForQuiet(maxMs) {
      if (!busy()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(finish, maxMs);
        // Long requests turn stale while we wait: look again when the oldest would.
        const recheck = setInterval(wake, 250);
        function finish() {
          clearTimeout(timer);
          clearInterval(recheck);
          waiters = waiters.filter((w) => w !== finish);
          resolve();
        }
        waiters.push(finish);
      });
    },
    dispose() {
      context.off("request", onRequest);
      context.off("requestfinished", onEnd);
      context.off("requestfailed", onEnd);
      for (const w of waiters) w();
      inflight.clear();
    },
  };
}

/**
 * Lets the page react to an action: one frame (for input events and clicks, whose handlers
 * may start requests or navigations), pending requests (bounded), the DOM of a new document.
 */
export async function settle(page: Page, tracker: ActivityTracker, maxMs = 1_500, opts: { frame?: boolean } = {}): Promise<void> {
  if (page.isClosed()) return;
  if (opts.frame !== false) {
    await Promise.race([
      page.evaluate("new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))").catch(() => {}),
      new Promise((r) => setTimeout(r, 300)),
    ]);
  }
  await tracker.waitForQuiet(maxMs);
  await page.waitForLoadState("domcontentloaded", { timeout: 5_000 }).catch(() => {});
}

const BATCH_FINGERPRINT = `(() => {
  let n = 0;
  const sel = 'a[href],button,input,select,textarea,[role],[onclick],[tabindex],[contenteditable]';
  for (const el of document.querySelectorAll(sel)) {
    if (!el.checkVisibility || el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) n++;
  }
  return location.href + '|' + n;
})()`;

/** URL + number of visible interactive elements: when it changes, later actions of a batch are stale. */
export async function batchFingerprint(page: Page): Promise<string> {
  if (page.isClosed()) return "closed";
  try {
    return (await page.evaluate(BATCH_FINGERPRINT)) as string;
  } catch {
    return `navigating:${page.url()}`;
  }
}
