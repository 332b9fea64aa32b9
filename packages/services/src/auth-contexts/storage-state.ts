import type { SavedCookie, SavedState } from "../live/live-types.ts";

/** Hosts of the context's sites ("https://shop.example/login" -> "shop.example"). */
export function siteHosts(urls: string[]): string[] {
  return [...new Set(urls.map((u) => new URL(u).hostname.toLowerCase()))];
}

/**
 * A cookie or an origin belongs to a site when its host is the site's host, a parent domain of
 * it (".example.com" for shop.example.com) or one of its subdomains (accounts.example.com).
 */
export function belongsToSites(host: string, hosts: string[]): boolean {
  const h = host.replace(/^\./, "").toLowerCase();
  return hosts.some((site) => h === site || site.endsWith(`.${h}`) || h.endsWith(`.${site}`));
}

/** Only the cookies and local storage of the context's sites are kept; the rest of the browsing is dropped. */
export function stateForSites(state: SavedState, urls: string[]): SavedState {
  const hosts = siteHosts(urls);
  return {
    cookies: state.cookies.filter((c) => belongsToSites(c.domain, hosts)),
    origins: state.origins.filter((o) => URL.canParse(o.origin) && belongsToSites(new URL(o.origin).hostname, hosts)),
  };
}

function cookieKey(c: SavedCookie): string {
  return `${c.name}\u0000${c.domain}\u0000${c.path}`;
}

/**
 * The saved state with what a run's browser holds now for the same sites: cookies the site set
 * or refreshed replace the saved ones; cookies it deleted are gone; local storage likewise.
 * Null when nothing changed (so nothing is written).
 */
export function refreshedState(saved: SavedState, current: SavedState, urls: string[]): SavedState | null {
  const next = stateForSites(current, urls);
  const sameCookies =
    next.cookies.length === saved.cookies.length &&
    next.cookies.every((c) => {
      const old = saved.cookies.find((s) => cookieKey(s) === cookieKey(c));
      return old !== undefined && old.value === c.value && Math.abs(old.expires - c.expires) < 60;
    });
  const sameOrigins = JSON.stringify(sortOrigins(next.origins)) === JSON.stringify(sortOrigins(saved.origins));
  return sameCookies && sameOrigins ? null : next;
}

function sortOrigins(origins: SavedState["origins"]) {
  return [...origins]
    .map((o) => ({ origin: o.origin, localStorage: [...o.localStorage].sort((a, b) => a.name.localeCompare(b.name)) }))
    .sort((a, b) => a.origin.localeCompare(b.origin));
}
