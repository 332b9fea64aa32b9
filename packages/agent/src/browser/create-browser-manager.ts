import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import type { Browser, BrowserContext } from "playwright-core";
import { createAddressPolicy } from "../safety/address-policy.ts";
import type { NetworkPolicyOptions } from "../safety/address-policy.ts";
import { attachGuardProxy } from "../safety/context-guard-proxy.ts";
import { startGuardProxy } from "../safety/guard-proxy.ts";
import type { GuardProxy } from "../safety/guard-proxy.ts";
import { parseUpstreamProxy } from "../safety/proxy-tunnel.ts";
import { PROFILE_PREFERENCES } from "./profile-preferences.ts";
import { CHROMIUM_ARGS, STEALTH_INIT_SCRIPT, realisticUserAgent } from "./stealth.ts";

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
  /** The proxy the context's traffic leaves through (PROXY_URL). */
  proxy?: { server: string; username?: string; password?: string };
  /**
   * Which addresses the context may connect to. Default: public addresses only. Enforced on
   * every connection by a guard proxy, except with a remote browser (see newContext).
   */
  network?: NetworkPolicyOptions;
  storageState?: StorageState;
  viewport?: { width: number; height: number };
  locale?: string;
  userAgent?: string;
}

export interface BrowserManager {
  /** A fresh, isolated context. The caller owns it and closes it. */
  newContext(opts?: NewContextOptions): Promise<BrowserContext>;
  /** Closes (or disconnects from) the browser. */
  close(): Promise<void>;
}

export const DEFAULT_VIEWPORT = { width: 1280, height: 800 };
const DEFAULT_BROWSER_PATH = "/usr/bin/chromium";

/**
 * One Chromium per manager, launched on the first newContext and launched again when it
 * crashed or disconnected. Contexts get a realistic user agent, a hidden navigator.webdriver,
 * a locale and a 1280x800 viewport unless told otherwise, and their own guard proxy.
 */
export function createBrowserManager(opts: BrowserManagerOptions = {}): BrowserManager {
  const log = opts.log ?? (() => {});
  let browser: Browser | undefined;
  let starting: Promise<Browser> | undefined;
  let closed = false;
  const profileRemovals = new Set<Promise<void>>();

  async function start(): Promise<Browser> {
    const b = opts.cdpUrl ? await chromium.connectOverCDP(opts.cdpUrl) : await launch();
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

  /**
   * Launches Chromium on a throwaway profile whose preferences we write first: some settings
   * (WebRTC's UDP, which no HTTP proxy sees) exist only as preferences, and the contexts we
   * create inherit them. The profile's own default context is left unused.
   */
  async function launch(): Promise<Browser> {
    const profile = await mkdtemp(path.join(tmpdir(), "errand-chromium-"));
    try {
      await mkdir(path.join(profile, "Default"));
      await writeFile(path.join(profile, "Default", "Preferences"), JSON.stringify(PROFILE_PREFERENCES));
      const persistent = await chromium.launchPersistentContext(profile, {
        executablePath: opts.browserPath ?? DEFAULT_BROWSER_PATH,
        headless: opts.headless ?? true,
        args: [...CHROMIUM_ARGS, ...(opts.extraArgs ?? [])],
        // Playwright would close the browser at once on these (and exit on SIGINT): the process
        // stops itself, letting running runs finish, and closes the browser after them.
        // Chromium still never outlives the process: Playwright kills it on exit.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      const b = persistent.browser();
      if (!b) throw new Error("Chromium started without a browser object to create contexts on.");
      // Its blank start page would hold a renderer for nothing (a visible browser keeps its window).
      if (opts.headless ?? true) await Promise.all(persistent.pages().map((p) => p.close()));
      // Chromium may still be writing to it as it exits: removal retries for a while.
      b.on("disconnected", () => {
        const removal = removeProfile(profile);
        profileRemovals.add(removal);
        void removal.then(() => profileRemovals.delete(removal));
      });
      return b;
    } catch (error) {
      await removeProfile(profile);
      throw error;
    }
  }

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
      const network = options.network ?? {};
      // Our own Chromium connects through a guard proxy in this process, which checks every
      // connection whatever made it (pages, workers of any kind, preconnects). A remote browser
      // (BROWSER_CDP_URL) cannot reach 127.0.0.1 here: it keeps only the per-request guard that
      // runAgent installs, and the upstream proxy is given to it directly.
      let guardProxy: GuardProxy | undefined;
      if (!opts.cdpUrl && !network.allowPrivate) {
        guardProxy = await startGuardProxy({
          policy: createAddressPolicy(network),
          upstream: options.proxy ? parseUpstreamProxy(options.proxy) : undefined,
        });
      }
      try {
        const context = await b.newContext({
          viewport: options.viewport ?? DEFAULT_VIEWPORT,
          locale: options.locale ?? "en-US",
          userAgent: options.userAgent ?? realisticUserAgent(b.version()),
          // Chromium sends loopback addresses around a proxy unless told "<-loopback>".
          proxy: guardProxy ? { server: guardProxy.server, bypass: "<-loopback>" } : options.proxy,
          storageState: options.storageState,
          // Service workers would fetch outside the context's request routing (the network guard).
          serviceWorkers: "block",
          acceptDownloads: false,
        });
        if (guardProxy) {
          const proxy = guardProxy;
          attachGuardProxy(context, proxy);
          context.on("close", () => void proxy.close());
        }
        await context.addInitScript({ content: STEALTH_INIT_SCRIPT });
        return context;
      } catch (error) {
        await guardProxy?.close();
        throw error;
      }
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

function removeProfile(profile: string): Promise<void> {
  return rm(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 }).catch(() => {});
}
