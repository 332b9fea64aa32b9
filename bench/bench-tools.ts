// Packages only a benchmark uses, installed by its first run into .cache/bench-tools rather than by
// `npm ci` on every clone and every CI run (Lighthouse alone brought 147 packages and 172 MB;
// docs/adr/0054-a-smaller-install.md). Each is pinned; a changed pin installs again.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const DIR = path.resolve(import.meta.dirname, "../.cache/bench-tools");

const installedVersion = (name: string) => {
  const manifest = path.join(DIR, "node_modules", name, "package.json");
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version : null;
};

/** Installs the packages (name → exact version) unless they are there at that version; imports each. */
export async function benchTools(pins: Record<string, string>): Promise<Record<string, unknown>> {
  const missing = Object.entries(pins).filter(([name, version]) => installedVersion(name) !== version);
  if (missing.length > 0) {
    mkdirSync(DIR, { recursive: true });
    const specs = missing.map(([name, version]) => `${name}@${version}`);
    process.stderr.write(`Installing ${specs.join(", ")} for this benchmark into .cache/bench-tools\n`);
    execFileSync("npm", ["install", "--prefix", DIR, "--no-audit", "--no-fund", ...specs], { stdio: ["ignore", "inherit", "inherit"] });
  }
  const resolve = createRequire(path.join(DIR, "package.json")).resolve;
  const modules = await Promise.all(Object.keys(pins).map((name) => import(pathToFileURL(resolve(name)).href)));
  return Object.fromEntries(Object.keys(pins).map((name, i) => [name, modules[i]]));
}
