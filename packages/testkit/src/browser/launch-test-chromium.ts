import { chromium } from "playwright-core";
import type { Browser, LaunchOptions } from "playwright-core";
import { testBrowserPath } from "./test-browser-path.ts";

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

/** Launches the system's Chromium for tests (`testBrowserPath()`: the headless shell when installed). Never downloads a browser. */
export function launchTestChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: testBrowserPath(),
    headless: true,
    ...options,
    args: [...TEST_CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}
