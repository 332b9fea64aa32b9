import { existsSync } from "node:fs";

/** Debian's build of Chromium's headless shell (package `chromium-headless-shell`). */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/** The browser the product runs: BROWSER_PATH, else /usr/bin/chromium (Chromium as shipped). */
export function productBrowserPath(): string {
  return process.env.BROWSER_PATH || "/usr/bin/chromium";
}

/**
 * The browser tests run pages in: TEST_BROWSER_PATH, else the headless shell when installed, else
 * the product's. The shell is the same Blink and V8 without the full browser's window, tab UI and
 * compositor: about a third of the CPU per test (docs/adr/0034-tests-on-the-headless-shell.md).
 * What only the full browser shows (its fingerprint, its own connections) is tested on
 * `productBrowserPath()`.
 */
export function testBrowserPath(): string {
  if (process.env.TEST_BROWSER_PATH) return process.env.TEST_BROWSER_PATH;
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : productBrowserPath();
}
