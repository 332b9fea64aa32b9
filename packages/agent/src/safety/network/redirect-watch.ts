import type { BrowserContext, CDPSession, Page } from "playwright-core";
import type { AddressPolicy } from "../address-policy.ts";
import { blockedPageHtml } from "./blocked-page.ts";

/** Reports a refused request: its URL, why, and whether it was a page or frame navigation. */
export type ReportBlocked = (url: string, reason: string, navigation: boolean) => void;

/** The redirect hops of each tab's requests, checked in a CDP Fetch session of its own. */
export interface RedirectWatch {
  /** Starts checking the tab's redirects; resolves once its session is ready (undefined when the tab closed first). */
  watch(page: Page): Promise<CDPSession | undefined>;
  /** True when the tab's session saw this navigation start, so it checks its redirects; forgets it. */
  sawStart(page: Page, url: string): boolean;
  dispose(): void;
}

function withoutHash(url: string): string {
  const i = url.indexOf("#");
  return i < 0 ? url : url.slice(0, i);
}

/**
 * Playwright lets redirects through unrouted, so each tab gets a CDP Fetch session that pauses
 * every request: first hops go on (the context route judges them), redirect hops are checked
 * here, a refused navigation gets the blocked page and anything else fails.
 */
export function createRedirectWatch(context: BrowserContext, policy: AddressPolicy, report: ReportBlocked): RedirectWatch {
  const watched = new WeakMap<Page, Promise<CDPSession | undefined>>();
  /** First hops each tab's CDP session paused: their redirects will be paused (and checked) too. */
  const seenFirstHops = new WeakMap<Page, Set<string>>();
  const sessions = new Set<CDPSession>();
  let disposed = false;

  async function open(page: Page): Promise<CDPSession | undefined> {
    try {
      const session = await context.newCDPSession(page);
      sessions.add(session);
      const seen = new Set<string>();
      seenFirstHops.set(page, seen);
      session.on("Fetch.requestPaused", (event: FetchRequestPaused) => {
        if (!event.redirectedRequestId && event.resourceType === "Document") seen.add(withoutHash(event.request.url));
        void onPaused(session, event);
      });
      await session.send("Fetch.enable", { patterns: [{ urlPattern: "*", requestStage: "Request" }] });
      return session;
    } catch {
      return undefined; // page already closed
    }
  }

  async function onPaused(session: CDPSession, event: FetchRequestPaused) {
    const requestId = event.requestId;
    try {
      // First hops are judged by the context route; only redirect hops are checked here.
      const verdict = event.redirectedRequestId ? await policy.check(event.request.url) : ({ allowed: true } as const);
      if (verdict.allowed || disposed) return await session.send("Fetch.continueRequest", { requestId });
      const navigation = event.resourceType === "Document";
      report(event.request.url, verdict.reason, navigation);
      if (!navigation) return await session.send("Fetch.failRequest", { requestId, errorReason: "BlockedByClient" });
      await session.send("Fetch.fulfillRequest", {
        requestId,
        responseCode: 403,
        responseHeaders: [{ name: "content-type", value: "text/html; charset=utf-8" }],
        body: Buffer.from(blockedPageHtml(event.request.url, verdict.reason)).toString("base64"),
      });
    } catch {
      // the page or the request went away
    }
  }

  return {
    watch(page) {
      let w = watched.get(page);
      if (!w) {
        w = open(page);
        watched.set(page, w);
      }
      return w;
    },
    sawStart: (page, url) => seenFirstHops.get(page)?.delete(withoutHash(url)) ?? false,
    dispose() {
      disposed = true;
      for (const s of sessions) void s.detach().catch(() => {});
    },
  };
}

interface FetchRequestPaused {
  requestId: string;
  request: { url: string };
  resourceType: string;
  redirectedRequestId?: string;
}
