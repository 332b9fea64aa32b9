import { chromium } from "playwright-core";
import type { Browser, BrowserContext } from "playwright-core";
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
  proxy?: { server: string; username?: string; password?: string };
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
 * a locale and a 1280x800 viewport unless told otherwise.
 */
export function createBrowserManager(opts: BrowserManagerOptions = {}): BrowserManager {
  const log = opts.log ?? (() => {});
  let browser: Browser | undefined;
  let starting: Promise<Browser> | undefined;
  let closed = false;

  async function start(): Promise<Browser> {
    const b = opts.cdpUrl
      ? await chromium.connectOverCDP(opts.cdpUrl)
      : await chromium.launch({
          executablePath: opts.browserPath ?? DEFAULT_BROWSER_PATH,
          headless: opts.headless ?? true,
          args: [...CHROMIUM_ARGS, ...(opts.extraArgs ?? [])],
        });
    log(opts.cdpUrl ? `connected to remote browser ${b.version()}` : `launched Chromium ${b.version()}`);
    b.on("disconnected", () => {
      if (browser === b) browser = undefined;
      if (!closed) log("browser disconnected; it will be started again on the next run");
    });
    return b;
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
      const context = await b.newContext({
        viewport: options.viewport ?? DEFAULT_VIEWPORT,
        locale: options.locale ?? "en-US",
        userAgent: options.userAgent ?? realisticUserAgent(b.version()),
        proxy: options.proxy,
        storageState: options.storageState,
        // Service workers would fetch outside the context's request routing (the network guard).
        serviceWorkers: "block",
        acceptDownloads: false,
      });
      await context.addInitScript({ content: STEALTH_INIT_SCRIPT });
      return context;
    },
    async close() {
      closed = true;
      const b = browser ?? (await starting?.catch(() => undefined));
      browser = undefined;
      await b?.close().catch(() => {});
    },
  };
}
