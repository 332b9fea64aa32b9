// tsc compiles only .ts: copy the icons and codex files next to the compiled nodes and credentials.
import { cpSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
for (const dir of ["credentials", "nodes"]) {
  const from = path.join(root, dir);
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(svg|png|node\.json)$/.test(entry.name)) continue;
    const source = path.join(entry.parentPath, entry.name);
    cpSync(source, path.join(root, "dist", path.relative(root, source)));
  }
}
