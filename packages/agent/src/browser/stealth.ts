/** Launch flags and context settings that keep an automated Chromium from announcing itself. */

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
  "--disable-blink-features=AutomationControlled",
  "--disable-features=Translate,MediaRouter,OptimizationHints",
];

/** A desktop Chrome user agent for the running browser's major version, without "Headless". */
export function realisticUserAgent(browserVersion: string, platform: NodeJS.Platform = process.platform): string {
  const major = /^(\d+)/.exec(browserVersion)?.[1] ?? "130";
  const os =
    platform === "darwin"
      ? "Macintosh; Intel Mac OS X 10_15_7"
      : platform === "win32"
        ? "Windows NT 10.0; Win64; x64"
        : "X11; Linux x86_64";
  return `Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

/**
 * Runs before any page script in every frame. The launch flag already hides
 * navigator.webdriver; this covers remote browsers (CDP) launched without it.
 */
export const STEALTH_INIT_SCRIPT = `(() => {
  try {
    if (navigator.webdriver !== false) {
      Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false, configurable: true });
    }
  } catch {}
})();`;
