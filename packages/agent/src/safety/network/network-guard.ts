import type { BrowserContext, Page, Route, WebSocketRoute } from "playwright-core";
import type { AddressPolicy } from "../address-policy.ts";
import { blockedPageHtml, escapeHtml } from "./blocked-page.ts";
import { guardProxyOf } from "./context-guard-proxy.ts";
import { createRedirectWatch } from "./redirect-watch.ts";
import type { RedirectWatch, ReportBlocked } from "./redirect-watch.ts";

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
  let disposed = false;
  const report: ReportBlocked = (url, reason, navigation) => {
    blocked.push({ url, reason, navigation });
    if (blocked.length > 50) blocked = blocked.slice(-50);
  };
  const redirects = createRedirectWatch(context, policy, report);
  const routeHandler = (route: Route) => routeRequest(route, { policy, report, redirects, disposed: () => disposed });
  const wsHandler = (ws: WebSocketRoute) => routeWebSocket(ws, policy, report);
  const onPage = (page: Page) => void redirects.watch(page);
  context.on("page", onPage);
  const proxy = guardProxyOf(context);
  const stopProxyReports = proxy?.onRefused((r) => report(r.url, r.reason, r.navigation));
  await Promise.all([
    ...context.pages().map((p) => redirects.watch(p)),
    context.route("**/*", routeHandler),
    // A WebSocket's connection goes through the guard proxy, which judges it and reports a
    // refusal; Playwright's WebSocket routing (a script in every document) is needed only for a
    // remote browser, which has no such proxy.
    proxy ? undefined : context.routeWebSocket(/.*/, wsHandler),
  ]);

  return {
    async watch(page) {
      await redirects.watch(page);
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
      redirects.dispose();
    },
  };
}

interface RouteDeps {
  policy: AddressPolicy;
  report: ReportBlocked;
  redirects: RedirectWatch;
  disposed(): boolean;
}

/** A request's first hop: refused (a navigation gets the blocked page), or let through with its redirects checked. */
async function routeRequest(route: Route, deps: RouteDeps) {
  const request = route.request();
  try {
    const verdict = await deps.policy.check(request.url());
    const navigation = request.isNavigationRequest();
    if (!verdict.allowed) {
      deps.report(request.url(), verdict.reason, navigation);
      if (!navigation) return await route.abort("blockedbyclient");
      return await route.fulfill({
        status: 403,
        contentType: "text/html; charset=utf-8",
        body: blockedPageHtml(request.url(), verdict.reason),
      });
    }
    if (navigation && !deps.disposed()) {
      let page: Page | undefined;
      try {
        page = request.frame().page();
      } catch {
        page = undefined; // a new tab's first navigation: its page does not exist yet
      }
      // The CDP session only checks the redirects of requests it saw start (it pauses them
      // before the route does); any other navigation gets its redirects checked here.
      if (!page || !deps.redirects.sawStart(page, request.url())) {
        if (page) void deps.redirects.watch(page);
        return await forwardFirstNavigation(route, deps);
      }
    }
    await route.fallback();
  } catch {
    await route.abort("failed").catch(() => {});
  }
}

/** A navigation whose redirects no session watches: fetched without following them, a redirect becomes a fresh (routed) navigation. */
async function forwardFirstNavigation(route: Route, deps: RouteDeps) {
  const response = await route.fetch({ maxRedirects: 0 });
  const location = response.headers()["location"];
  if (response.status() >= 300 && response.status() < 400 && location) {
    const target = new URL(location, route.request().url()).toString();
    const verdict = await deps.policy.check(target);
    if (!verdict.allowed) {
      deps.report(target, verdict.reason, true);
      return route.fulfill({ status: 403, contentType: "text/html; charset=utf-8", body: blockedPageHtml(target, verdict.reason) });
    }
    return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: FORWARD_HTML(target) });
  }
  return route.fulfill({ response });
}

async function routeWebSocket(ws: WebSocketRoute, policy: AddressPolicy, report: ReportBlocked) {
  const verdict = await policy.check(ws.url());
  if (verdict.allowed) return ws.connectToServer();
  report(ws.url(), verdict.reason, false);
  await ws.close({ code: 1008, reason: "Blocked by Errand" });
}
