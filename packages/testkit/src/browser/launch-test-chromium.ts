import { chromium } from "playwright-core";
import type { Browser, LaunchOptions } from "playwright-core";

/** Flags for system Chromium in CI containers: no sandbox, no GPU, no background traffic. */
export const TEST_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/** Launches the system Chromium (BROWSER_PATH, else /usr/bin/chromium) headless, for tests. Never downloads a browser. */
export function launchTestChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.BROWSER_PATH || "/usr/bin/chromium",
    headless: true,
    ...options,
    args: [...TEST_CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}
