import type { BrowserContext } from "playwright-core";
import type { GuardProxy } from "./guard-proxy.ts";

// Keyed by the context object itself, so an entry lives exactly as long as its context.
const proxies = new WeakMap<BrowserContext, GuardProxy>();

/** Records that every connection of `context` goes through `proxy` (the browser manager does this). */
export function attachGuardProxy(context: BrowserContext, proxy: GuardProxy): void {
  proxies.set(context, proxy);
}

/** The guard proxy of a context, when it has one (not with a remote browser or allowPrivate). */
export function guardProxyOf(context: BrowserContext): GuardProxy | undefined {
  return proxies.get(context);
}
