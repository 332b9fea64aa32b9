import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { runOrExit } from "./run.mjs";

/** Installs npm dependencies when node_modules is missing or older than the lockfile. */
export async function ensureDeps(root) {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (!existsSync(marker)) {
    await runOrExit("Installing npm dependencies (npm ci)", "npm", ["ci", "--no-audit", "--no-fund"], { cwd: root });
  } else if (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000) {
    await runOrExit("Updating npm dependencies (package-lock.json changed)", "npm", ["install", "--no-audit", "--no-fund"], { cwd: root });
  }
}
