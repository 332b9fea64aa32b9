import type { Browser, BrowserContext } from "playwright-core";
import { createAddressPolicy } from "../safety/address-policy.ts";
import { attachGuardProxy } from "../safety/network/context-guard-proxy.ts";
import { startGuardProxy } from "../safety/network/guard-proxy.ts";
import type { GuardProxy } from "../safety/network/guard-proxy.ts";
import { parseUpstreamProxy } from "../safety/network/proxy-tunnel.ts";
import { realisticUserAgent, screenForViewport, stealthInitScript, webglIdentity } from "./stealth.ts";
import { DEFAULT_VIEWPORT } from "./types.ts";
import type { NewContextOptions } from "./types.ts";
import { prefixWorkerScripts } from "./worker-scripts.ts";

/** How the browser the context opens in was started. */
export interface BrowserKind {
  /** Connected over CDP (BROWSER_CDP_URL): it cannot reach a guard proxy in this process. */
  remote: boolean;
  /** Launched with the realistic user agent as a flag: no per-context override is needed. */
  userAgentByFlag: boolean;
}

/**
 * A fresh context: its own guard proxy (our own Chromium only), a realistic user agent and
 * screen, the stealth script in every document and worker, and newPage handing a page over only
 * once its workers are watched. A context that cannot be made closes its proxy again.
 */
export async function openContext(b: Browser, options: NewContextOptions, kind: BrowserKind): Promise<BrowserContext> {
  const guardProxy = await startContextGuardProxy(options, kind);
  try {
    const viewport = options.viewport ?? DEFAULT_VIEWPORT;
    const userAgent = options.userAgent ?? (kind.userAgentByFlag ? undefined : realisticUserAgent(b.version()));
    const context = await b.newContext({
      viewport,
      screen: screenForViewport(viewport),
      locale: options.locale ?? "en-US",
      timezoneId: options.timezoneId,
      userAgent,
      // Chromium sends loopback addresses around a proxy unless told "<-loopback>".
      proxy: guardProxy ? { server: guardProxy.server, bypass: "<-loopback>" } : options.proxy,
      storageState: options.storageState,
      // Service workers would fetch outside the context's request routing (the network guard).
      serviceWorkers: "block",
      acceptDownloads: options.acceptDownloads ?? false,
    });
    if (guardProxy) {
      attachGuardProxy(context, guardProxy);
      context.on("close", () => void guardProxy.close());
    }
    await disguise(context, userAgent);
    return context;
  } catch (error) {
    await guardProxy?.close();
    throw error;
  }
}

/**
 * Our own Chromium connects through a guard proxy in this process, which checks every
 * connection whatever made it (pages, workers of any kind, preconnects). A remote browser
 * (BROWSER_CDP_URL) cannot reach 127.0.0.1 here: it keeps only the per-request guard that
 * runAgent installs, and the upstream proxy is given to it directly.
 */
async function startContextGuardProxy(options: NewContextOptions, kind: BrowserKind): Promise<GuardProxy | undefined> {
  const network = options.network ?? {};
  if (kind.remote || network.allowPrivate) return undefined;
  return startGuardProxy({
    policy: createAddressPolicy(network),
    upstream: options.proxy ? parseUpstreamProxy(options.proxy) : undefined,
  });
}

/** The stealth script in every document and worker (docs/bot-walls.md); a page we open is handed over once its workers' scripts are watched. */
async function disguise(context: BrowserContext, userAgent: string | undefined) {
  const script = stealthInitScript({ webgl: webglIdentity(platformOfUserAgent(userAgent)) });
  await context.addInitScript({ content: script });
  const workers = prefixWorkerScripts(context, script);
  const openPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await openPage();
    await workers.ready(page);
    return page;
  };
}

function platformOfUserAgent(userAgent: string | undefined): NodeJS.Platform {
  if (!userAgent) return process.platform;
  return /Windows/.test(userAgent) ? "win32" : /Mac OS X/.test(userAgent) ? "darwin" : "linux";
}
