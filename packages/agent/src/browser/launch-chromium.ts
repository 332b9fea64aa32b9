import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import type { Browser } from "playwright-core";
import { PROFILE_PREFERENCES } from "./profile-preferences.ts";
import { CHROMIUM_ARGS, realisticUserAgent } from "./stealth.ts";

const DEFAULT_BROWSER_PATH = "/usr/bin/chromium";

/** A launched Chromium, and whether it has the realistic user agent as a flag (its own client hints then hold). */
export interface LaunchedChromium {
  browser: Browser;
  userAgentByFlag: boolean;
}

/**
 * Launches Chromium on a throwaway profile whose preferences we write first: some settings
 * (WebRTC's UDP, which no HTTP proxy sees) exist only as preferences, and the contexts we
 * create inherit them. The profile's own default context is left unused. The profile is removed
 * once the browser is gone; `removals` holds those still under way.
 */
export async function launchChromium(
  opts: { browserPath?: string; headless?: boolean; extraArgs?: string[] },
  removals: Set<Promise<void>>,
): Promise<LaunchedChromium> {
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
    const userAgentByFlag = version !== undefined && b.version().split(".")[0] === version.split(".")[0];
    // Its blank start page would hold a renderer for nothing (a visible browser keeps its window).
    if (opts.headless ?? true) await Promise.all(persistent.pages().map((p) => p.close()));
    // Chromium may still be writing to it as it exits: removal retries for a while.
    b.on("disconnected", () => {
      const removal = removeProfile(profile);
      removals.add(removal);
      void removal.then(() => removals.delete(removal));
    });
    return { browser: b, userAgentByFlag };
  } catch (error) {
    await removeProfile(profile);
    throw error;
  }
}

/** "156.0.8078.79" from `chromium --version`, or undefined when it does not say. */
function chromiumVersion(executablePath: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(executablePath, ["--version"], { timeout: 10_000 }, (_error, stdout) => {
      resolve(/(\d+\.\d+\.\d+\.\d+)/.exec(String(stdout))?.[1]);
    });
  });
}

function removeProfile(profile: string): Promise<void> {
  return rm(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 }).catch(() => {});
}
