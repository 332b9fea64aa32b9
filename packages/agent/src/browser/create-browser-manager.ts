import { execFile } from "node:child_process";
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
import { prefixWorkerScripts } from "./worker-scripts.ts";
import {
  CHROMIUM_ARGS,
  realisticUserAgent,
  screenForViewport,
  stealthInitScript,
  webglIdentity,
} from "./stealth.ts";

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
const DEFAULT_BROWSER_PATH = "/usr/bin/chromium";

/**
 * One Chromium per manager, launched on the first newContext and launched again when it
 * crashed or disconnected. Contexts get a realistic user agent and client hints, a hidden
 * navigator.webdriver, a plausible screen and WebGL (docs/bot-walls.md), a locale and a
 * 1280x800 viewport unless told otherwise, and their own guard proxy.
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
      const executablePath = opts.browserPath ?? DEFAULT_BROWSER_PATH;
      // The user agent as a launch flag rather than a per-page override: Chromium then keeps its
      // own client hints (Sec-CH-UA, navigator.userAgentData) everywhere, dedicated workers
      // included, where Playwright's override leaves the brands empty.
      const version = await chromiumVersion(executablePath);
      const uaFlag = version ? [`--user-agent=${realisticUserAgent(version)}`] : [];
      const persistent = await chromium.launchPersistentContext(profile, {
        executablePath,
        headless: opts.headless ?? true,
        args: [...CHROMIUM_ARGS, ...uaFlag, ...(opts.extraArgs ?? [])],
        // Playwright would close the browser at once on these (and exit on SIGINT): the process
        // stops itself, letting running runs finish, and closes the browser after them.
        // Chromium still never outlives the process: Playwright kills it on exit.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      const b = persistent.browser();
      if (!b) throw new Error("Chromium started without a browser object to create contexts on.");
      if (version && b.version().split(".")[0] === version.split(".")[0]) uaByFlag.add(b);
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
        const viewport = options.viewport ?? DEFAULT_VIEWPORT;
        const userAgent = options.userAgent ?? (uaByFlag.has(b) ? undefined : realisticUserAgent(b.version()));
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
          const proxy = guardProxy;
          attachGuardProxy(context, proxy);
          context.on("close", () => void proxy.close());
        }
        const script = stealthInitScript({ webgl: webglIdentity(platformOfUserAgent(userAgent)) });
        await context.addInitScript({ content: script });
        // A page we open is handed over once its workers' scripts are watched.
        const workers = prefixWorkerScripts(context, script);
        const openPage = context.newPage.bind(context);
        context.newPage = async () => {
          const page = await openPage();
          await workers.ready(page);
          return page;
        };
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

/** "156.0.8078.79" from `chromium --version`, or undefined when it does not say. */
function chromiumVersion(executablePath: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(executablePath, ["--version"], { timeout: 10_000 }, (_error, stdout) => {
      resolve(/(\d+\.\d+\.\d+\.\d+)/.exec(String(stdout))?.[1]);
    });
  });
}

function platformOfUserAgent(userAgent: string | undefined): NodeJS.Platform {
  if (!userAgent) return process.platform;
  return /Windows/.test(userAgent) ? "win32" : /Mac OS X/.test(userAgent) ? "darwin" : "linux";
}

function removeProfile(profile: string): Promise<void> {
  return rm(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 }).catch(() => {});
}
