import { execFile } from "node:child_process";
import { connect } from "node:net";
import type { BrowserCheck, CheckResult } from "@errand/services/system";

const DEFAULT_BROWSER_PATH = "/usr/bin/chromium";

/**
 * Readiness of the browser a worker launches: Chromium at BROWSER_PATH runs (`--version` loads
 * its libraries, so a missing package fails here, not on the first run), checked until it
 * succeeds once. With BROWSER_CDP_URL, the remote browser's address accepts connections.
 */
export function browserCheck(opts: { browserPath?: string; cdpUrl?: string }): BrowserCheck {
  if (opts.cdpUrl) {
    const url = new URL(opts.cdpUrl);
    const port = Number(url.port || (url.protocol === "wss:" || url.protocol === "https:" ? 443 : 80));
    return () => reachable(url.hostname, port);
  }
  const executable = opts.browserPath || DEFAULT_BROWSER_PATH;
  let ran: Promise<CheckResult> | undefined;
  return async () => {
    ran ??= runs(executable);
    const result = await ran;
    // A failure is tried again on the next probe (the package may be installed meanwhile).
    if (!result.ok) ran = undefined;
    return result;
  };
}

function runs(executable: string): Promise<CheckResult> {
  return new Promise((resolve) => {
    execFile(executable, ["--version"], { timeout: 10_000 }, (error, stdout) => {
      if (error) resolve({ ok: false, detail: "Chromium at BROWSER_PATH does not run" });
      else resolve({ ok: true, detail: stdout.trim().slice(0, 80) });
    });
  });
}

function reachable(host: string, port: number): Promise<CheckResult> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3_000 });
    const done = (result: CheckResult) => {
      socket.destroy();
      resolve(result);
    };
    socket.once("connect", () => done({ ok: true, detail: "remote browser (BROWSER_CDP_URL) reachable" }));
    socket.once("timeout", () => done({ ok: false, detail: "remote browser (BROWSER_CDP_URL) not reachable" }));
    socket.once("error", () => done({ ok: false, detail: "remote browser (BROWSER_CDP_URL) not reachable" }));
  });
}
