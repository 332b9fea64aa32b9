// The third-party packages a production install holds (`npm ci --omit=dev`, as the container
// image does), read from package-lock.json: every workspace's dependencies, transitively,
// optional ones included; development-only packages (`dev`) and our own workspaces left out.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** [{ name, version, licence }] sorted by name then version; licence is the declared text, or null. */
export function productionPackages(root) {
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
  const seen = new Map();
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (!location.includes("node_modules/") || entry.link || entry.dev) continue;
    const name = entry.name ?? location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
    const licence = declaredLicence(entry) ?? declaredLicence(readManifest(root, location));
    seen.set(`${name}@${entry.version}`, { name, version: entry.version, licence });
  }
  return [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version, undefined, { numeric: true }),
  );
}

/** The lock records `license` as the package declares it; older manifests have `licenses: [{ type }]` or `license: { type }`. */
function declaredLicence(manifest) {
  if (!manifest) return null;
  const { license, licenses } = manifest;
  if (typeof license === "string" && license.trim()) return license.trim();
  if (license && typeof license.type === "string") return license.type;
  if (Array.isArray(licenses) && licenses.length) {
    const types = licenses.map((l) => (typeof l === "string" ? l : l?.type)).filter(Boolean);
    // The old field listed the licences one may choose from.
    return types.length === 1 ? types[0] : types.length ? `(${types.join(" OR ")})` : null;
  }
  return null;
}

function readManifest(root, location) {
  const file = path.join(root, location, "package.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}
