import { chromium } from "playwright-core";
import type { Browser, BrowserContext } from "playwright-core";
import { createAddressPolicy } from "../safety/address-policy.ts";
import type { NetworkPolicyOptions } from "../safety/address-policy.ts";
import { attachGuardProxy } from "../safety/network/context-guard-proxy.ts";
import { startGuardProxy } from "../safety/network/guard-proxy.ts";
import type { GuardProxy } from "../safety/network/guard-proxy.ts";
import { parseUpstreamProxy } from "../safety/network/proxy-tunnel.ts";
import { launchChromium } from "./launch-chromium.ts";
import { realisticUserAgent, screenForViewport, stealthInitScript, webglIdentity } from "./stealth.ts";
import { prefixWorkerScripts } from "./worker-scripts.ts";

export type StorageState = Exclude<Parameters<Browser["newContext"]>[0], undefined>["storageState"];

export interface BrowserManagerOptions {
  /** Chromium binary (BROWSER_PATH). Defaults to /usr/bin/chromium. */
  browserPath?: string;
  /** Connect to a remote browser over CDP instead of launching one (BROWSER_CDP_URL). */
  cdpUrl?: string;
  /** Default true. */
  headless?: boolean;
  /** More Chromium flags, after the built-in ones. */
  extraArgs?: string[];
  log?: (message: string) => void;
}

export interface NewContextOptions {
  /**
   * The proxy the context's traffic leaves through: a pool's, judged by `network` on every
   * connection, or the server's PROXY_URL (`trusted`: its operator chose it, it is not judged).
   */
  proxy?: { server: string; username?: string; password?: string; trusted?: boolean };
  /**
   * Which addresses the context may connect to. Default: public addresses only. Enforced on
   * every connection by a guard proxy, except with a remote browser (see newContext).
   */
  network?: NetworkPolicyOptions;
  storageState?: StorageState;
  viewport?: { width: number; height: number };
  /** navigator.language(s), Accept-Language and Intl's locale. Default en-US. See localeForCountry. */
  locale?: string;
  /** IANA time zone for Intl and Date. Default: this machine's own. See localeForCountry. */
  timezoneId?: string;
  /**
   * Default: desktop Chrome's for the running version. Given here, client hints in workers
   * come out empty (Playwright overrides the user agent without them); leave it unset.
   */
  userAgent?: string;
  /** Let sites download files (runAgent's `downloads` keeps them). Default false: every download fails at once. */
  acceptDownloads?: boolean;
}

export interface BrowserManager {
  /** A fresh, isolated context. The caller owns it and closes it. */
  newContext(opts?: NewContextOptions): Promise<BrowserContext>;
  /** Closes (or disconnects from) the browser. */
  close(): Promise<void>;
}

export const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

/**
 * One Chromium per manager, launched on the first newContext and launched again when it
 * crashed or disconnected. Contexts get a realistic user agent and client hints, a hidden
 * navigator.webdriver, a plausible screen and WebGL (docs/bot-walls.md), a locale and a
 * 1280x800 viewport unless told otherwise, and their own guard proxy (openContext).
 */
export function createBrowserManager(opts: BrowserManagerOptions = {}): BrowserManager {
  const log = opts.log ?? (() => {});
  let browser: Browser | undefined;
  let starting: Promise<Browser> | undefined;
  let closed = false;
  const profileRemovals = new Set<Promise<void>>();
  // Browsers launched with the realistic user agent as a flag: their own client hints hold.
  const uaByFlag = new WeakSet<Browser>();

  async function start(): Promise<Browser> {
    let b: Browser;
    if (opts.cdpUrl) b = await chromium.connectOverCDP(opts.cdpUrl);
    else {
      const launched = await launchChromium(opts, profileRemovals);
      b = launched.browser;
      if (launched.userAgentByFlag) uaByFlag.add(b);
    }
    log(
      opts.cdpUrl
        ? `connected to remote browser ${b.version()}; private addresses are refused per request only (a remote browser cannot use the local guard proxy)`
        : `launched Chromium ${b.version()}`,
    );
    b.on("disconnected", () => {
      if (browser === b) browser = undefined;
      if (!closed) log("browser disconnected; it will be started again on the next run");
    });
    return b;
  }

  /** The running browser, or the one being started (one start at a time). */
  async function ensureBrowser(): Promise<Browser> {
    if (closed) throw new Error("The browser manager is closed.");
    if (browser?.isConnected()) return browser;
    if (!starting) {
      starting = start().then(
        (b) => {
          browser = b;
          starting = undefined;
          return b;
        },
        (error: unknown) => {
          starting = undefined;
          throw error;
        },
      );
    }
    return starting;
  }

  return {
    async newContext(options = {}) {
      const b = await ensureBrowser();
      return openContext(b, options, { remote: Boolean(opts.cdpUrl), userAgentByFlag: uaByFlag.has(b) });
    },
    async close() {
      closed = true;
      const b = browser ?? (await starting?.catch(() => undefined));
      browser = undefined;
      await b?.close().catch(() => {});
      await Promise.all(profileRemovals);
    },
  };
}

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
  // A run kept to its allowed domains needs the proxy even where every address is allowed.
  if (kind.remote || (network.allowPrivate && !network.allowedDomains?.length)) return undefined;
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
