import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { runOrExit } from "./run.mjs";

/** Builds apps/web unless dist is newer than every source file it is built from. */
export async function buildWeb(root, { force = false } = {}) {
  const dist = path.join(root, "apps/web/dist/index.html");
  const sources = [path.join(root, "apps/web"), path.join(root, "packages/contract/src")];
  if (!force && existsSync(dist)) {
    const builtAt = statSync(dist).mtimeMs;
    if (newestMtime(sources) <= builtAt) {
      process.stdout.write("✔ Web app is up to date (apps/web/dist)\n");
      return;
    }
  }
  await runOrExit("Building the web app (vite build)", "npx", ["vite", "build", "--logLevel", "warn"], {
    cwd: path.join(root, "apps/web"),
  });
}

function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== "node_modules" && name !== "dist") walk(path.join(p, name));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  for (const p of paths) if (existsSync(p)) walk(p);
  return newest;
}
