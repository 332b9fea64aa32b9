import { existsSync, readFileSync } from "node:fs";
import { run } from "./run.mjs";

export const DEFAULT_BROWSER_PATH = "/usr/bin/chromium";
/** Debian's build of Chromium's headless shell: the e2e tests' browser (docs/adr/0034-e2e-headless-shell.md). */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/**
 * Finds Chromium (BROWSER_PATH or /usr/bin/chromium). On Debian/Ubuntu as root it installs
 * Debian's `chromium` package; anywhere else it says exactly what to install. Never downloads
 * a browser build of its own.
 */
export async function ensureChromium({ required }) {
  const wanted = process.env.BROWSER_PATH || DEFAULT_BROWSER_PATH;
  if (existsSync(wanted)) return wanted;
  if (process.env.BROWSER_PATH) return fail(`BROWSER_PATH points at ${wanted}, which does not exist.`, required);

  const debian = existsSync("/etc/debian_version");
  const root = process.getuid?.() === 0;
  if (debian && root) {
    process.stdout.write("\n▶ Chromium not found: installing Debian's chromium package (apt-get)\n");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    let code = await run("apt-get", ["update", "-qq"], { env });
    if (code === 0)
      code = await run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-liberation"], { env });
    if (code === 0 && existsSync(wanted)) {
      process.stdout.write(`✔ Chromium installed at ${wanted}\n`);
      return wanted;
    }
    return fail("Installing chromium with apt-get failed (see above).", required);
  }
  const distro = readOs();
  const hint = debian
    ? "Run as root: apt-get update && apt-get install -y chromium"
    : /fedora|rhel|centos/i.test(distro)
      ? "Run: sudo dnf install chromium"
      : /arch/i.test(distro)
        ? "Run: sudo pacman -S chromium"
        : process.platform === "darwin"
          ? 'Install Chromium or Google Chrome, then set BROWSER_PATH to its binary, e.g. BROWSER_PATH="/Applications/Chromium.app/Contents/MacOS/Chromium"'
          : "Install Chromium from your system's packages, then set BROWSER_PATH to its binary.";
  return fail(`Chromium was not found at ${wanted}. ${hint}`, required);
}

/**
 * The browser the end-to-end tests drive as a person would: the headless shell (the same Blink
 * without the full browser's window and compositor, about half the CPU per test), installed from
 * Debian's `chromium-headless-shell` package on Debian as root. Anywhere else, or when the install
 * fails, the full Chromium does the same work more slowly.
 */
export async function ensureHeadlessShell(fallback) {
  if (existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  if (existsSync("/etc/debian_version") && process.getuid?.() === 0) {
    process.stdout.write("\n▶ Installing Debian's chromium-headless-shell package for the end-to-end tests (apt-get)\n");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    let code = await run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium-headless-shell"], { env });
    if (code !== 0) {
      code = await run("apt-get", ["update", "-qq"], { env });
      if (code === 0) code = await run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium-headless-shell"], { env });
    }
    if (code === 0 && existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  }
  process.stderr.write(
    `\n⚠ No Chromium headless shell at ${HEADLESS_SHELL_PATH}: the end-to-end tests drive ${fallback}, which takes longer.\n`,
  );
  return fallback;
}

function fail(message, required) {
  if (required) {
    process.stderr.write(`\n✖ ${message}\n`);
    process.exit(1);
  }
  process.stderr.write(`\n⚠ ${message}\n  The app starts, but runs need a browser.\n`);
  return undefined;
}

function readOs() {
  try {
    return readFileSync("/etc/os-release", "utf8");
  } catch {
    return "";
  }
}
