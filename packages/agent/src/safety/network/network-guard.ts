import type { BrowserContext, CDPSession, Page, Route, WebSocketRoute } from "playwright-core";
import type { AddressPolicy } from "../address-policy.ts";
import { blockedPageHtml, escapeHtml } from "./blocked-page.ts";
import { guardProxyOf } from "./context-guard-proxy.ts";

export interface BlockedRequest {
  url: string;
  reason: string;
  /** A page or frame navigation (as opposed to an image, script, XHR...). */
  navigation: boolean;
}

export interface NetworkGuard {
  /** Resolves once redirects in this tab are checked; await it before a new tab's first navigation. */
  watch(page: Page): Promise<void>;
  /** Blocked requests since the last call, oldest first. */
  drainBlocked(): BlockedRequest[];
  dispose(): Promise<void>;
}

function withoutHash(url: string): string {
  const i = url.indexOf("#");
  return i < 0 ? url : url.slice(0, i);
}

const FORWARD_HTML = (target: string) =>
  `<!doctype html><meta http-equiv="refresh" content="0;url=${escapeHtml(target)}"><script>location.replace(${JSON.stringify(target)})</script>`;

/**
 * Refuses requests to private, loopback, link-local and metadata addresses for every page of a
 * context. `context.route` sees each request's first hop (documents, subresources, new tabs);
 * Playwright lets redirects through unrouted, so a CDP Fetch session per page checks every
 * redirect hop of requests that start once that session is ready. A navigation that starts
 * earlier (a new tab's very first one) is fetched with maxRedirects 0, and a redirect is turned
 * into a fresh navigation, which is routed and watched.
 *
 * This guard sees requests, not connections: workers it cannot route (shared workers) and
 * speculative connections slip past it. With a browser of our own, the context's guard proxy
 * (guard-proxy.ts) checks every connection as well, and its refusals are reported here too; a
 * remote browser (BROWSER_CDP_URL) cannot reach that proxy and has only this guard.
 */
export async function installNetworkGuard(context: BrowserContext, policy: AddressPolicy): Promise<NetworkGuard> {
  // Every address allowed (ALLOW_PRIVATE_NETWORK): no request could be refused, so none is
  // intercepted (each interception is a round trip through this process).
  if (policy.allowsEverything) return { watch: async () => {}, drainBlocked: () => [], dispose: async () => {} };
  let blocked: BlockedRequest[] = [];
  const watched = new WeakMap<Page, Promise<CDPSession | undefined>>();
  /** First hops each tab's CDP session paused: their redirects will be paused (and checked) too. */
  const seenFirstHops = new WeakMap<Page, Set<string>>();
  const sessions = new Set<CDPSession>();
  let disposed = false;

  const record = (url: string, reason: string, navigation: boolean) => {
    blocked.push({ url, reason, navigation });
    if (blocked.length > 50) blocked = blocked.slice(-50);
  };

  async function watchRedirects(page: Page): Promise<CDPSession | undefined> {
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
      record(event.request.url, verdict.reason, navigation);
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

  function ensureWatched(page: Page) {
    let w = watched.get(page);
    if (!w) {
      w = watchRedirects(page);
      watched.set(page, w);
    }
    return w;
  }

  const routeHandler = async (route: Route) => {
    const request = route.request();
    try {
      const verdict = await policy.check(request.url());
      const navigation = request.isNavigationRequest();
      if (!verdict.allowed) {
        record(request.url(), verdict.reason, navigation);
        if (!navigation) return await route.abort("blockedbyclient");
        return await route.fulfill({ status: 403, contentType: "text/html; charset=utf-8", body: blockedPageHtml(request.url(), verdict.reason) });
      }
      if (navigation && !disposed) {
        let page: Page | undefined;
        try {
          page = request.frame().page();
        } catch {
          page = undefined; // a new tab's first navigation: its page does not exist yet
        }
        // The CDP session only checks the redirects of requests it saw start (it pauses them
        // before the route does); any other navigation gets its redirects checked here.
        const seen = page ? seenFirstHops.get(page) : undefined;
        if (!seen?.delete(withoutHash(request.url()))) {
          if (page) void ensureWatched(page);
          return await forwardFirstNavigation(route);
        }
      }
      await route.fallback();
    } catch {
      await route.abort("failed").catch(() => {});
    }
  };

  async function forwardFirstNavigation(route: Route) {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers()["location"];
    if (response.status() >= 300 && response.status() < 400 && location) {
      const target = new URL(location, route.request().url()).toString();
      const verdict = await policy.check(target);
      if (!verdict.allowed) {
        record(target, verdict.reason, true);
        return route.fulfill({ status: 403, contentType: "text/html; charset=utf-8", body: blockedPageHtml(target, verdict.reason) });
      }
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: FORWARD_HTML(target) });
    }
    return route.fulfill({ response });
  }

  const wsHandler = async (ws: WebSocketRoute) => {
    const verdict = await policy.check(ws.url());
    if (verdict.allowed) return ws.connectToServer();
    record(ws.url(), verdict.reason, false);
    await ws.close({ code: 1008, reason: "Blocked by Errand" });
  };

  const onPage = (page: Page) => void ensureWatched(page);
  context.on("page", onPage);
  const proxy = guardProxyOf(context);
  const stopProxyReports = proxy?.onRefused((r) => record(r.url, r.reason, r.navigation));
  await Promise.all([
    ...context.pages().map((p) => ensureWatched(p)),
    context.route("**/*", routeHandler),
    // A WebSocket's connection goes through the guard proxy, which judges it and reports a
    // refusal; Playwright's WebSocket routing (a script in every document) is needed only for a
    // remote browser, which has no such proxy.
    proxy ? undefined : context.routeWebSocket(/.*/, wsHandler),
  ]);

  return {
    async watch(page) {
      await ensureWatched(page);
    },
    drainBlocked() {
      const out = blocked;
      blocked = [];
      return out;
    },
    async dispose() {
      disposed = true;
      context.off("page", onPage);
      stopProxyReports?.();
      // Not awaited: both wait for requests in flight (a slow page) before they resolve, and
      // the caller closes the context anyway.
      void context.unroute("**/*", routeHandler).catch(() => {});
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
