import { chromium } from "playwright-core";
import type { Browser } from "playwright-core";
import { launchChromium } from "./launch-chromium.ts";
import { openContext } from "./open-context.ts";
import type { BrowserManager, BrowserManagerOptions } from "./types.ts";

/**
 * One Chromium per manager, launched on the first newContext and launched again when it
 * crashed or disconnected. Contexts get a realistic user agent and client hints, a hidden
 * navigator.webdriver, a plausible screen and WebGL (docs/bot-walls.md), a locale and a
 * 1280x800 viewport unless told otherwise, and their own guard proxy (open-context.ts).
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
