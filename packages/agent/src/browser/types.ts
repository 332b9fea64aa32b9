import type { Browser, BrowserContext } from "playwright-core";
import type { NetworkPolicyOptions } from "../safety/address-policy.ts";

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
