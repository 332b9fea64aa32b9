// First-load JavaScript of the public routes: the entry chunk and everything it imports
// statically (what the browser must fetch before a public page renders), gzip-compressed.
// Lazy chunks (the signed-in area) are listed separately. The entry chunk's own size, minified and
// uncompressed, is what the browser parses and evaluates before the app runs.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "apps/web/dist");
export const FIRST_LOAD_BUDGET_KB = 150;

export function benchBundle() {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
  const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  // The SPA's entry; live.html (the standalone live viewer) is a second entry, measured apart.
  const entryKey = manifest["index.html"] ? "index.html" : Object.keys(manifest).find((k) => manifest[k].isEntry);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entryKey);
  const firstLoadJs = [...seen].reduce((sum, key) => sum + gz(manifest[key].file), 0);
  const css = [...seen].flatMap((key) => manifest[key].css ?? []);
  const firstLoadCss = [...new Set(css)].reduce((sum, file) => sum + gz(file), 0);
  const lazy = Object.entries(manifest)
    .filter(([key, chunk]) => !seen.has(key) && !chunk.isEntry && chunk.file.endsWith(".js"))
    .map(([key, chunk]) => ({ name: chunk.name ?? key, kb: +(gz(chunk.file) / 1024).toFixed(1) }));
  // The dashboard: the entry plus the dashboard page's chunk and everything it imports statically.
  const dashboardKey = Object.keys(manifest).find((k) => /dashboard-page/.test(k));
  const beforeDashboard = new Set(seen);
  if (dashboardKey) visit(dashboardKey);
  const dashboardJs = [...seen].reduce((sum, key) => sum + gz(manifest[key].file), 0);
  for (const key of [...seen]) if (!beforeDashboard.has(key)) seen.delete(key);
  // The live viewer page: its entry and what it imports (it should import nothing of the SPA).
  const liveKeys = new Set();
  const visitLive = (key) => {
    if (liveKeys.has(key) || !manifest[key]) return;
    liveKeys.add(key);
    for (const dep of manifest[key].imports ?? []) visitLive(dep);
  };
  if (manifest["live.html"]) visitLive("live.html");
  const liveViewerJs = [...liveKeys].reduce((sum, key) => sum + gz(manifest[key].file), 0);
  return {
    entryKb: +(statSync(path.join(dist, manifest[entryKey].file)).size / 1024).toFixed(1),
    dashboardJsKb: +(dashboardJs / 1024).toFixed(1),
    firstLoadJsKb: +(firstLoadJs / 1024).toFixed(1),
    firstLoadCssKb: +(firstLoadCss / 1024).toFixed(1),
    budgetKb: FIRST_LOAD_BUDGET_KB,
    ratioToBudget: +(firstLoadJs / 1024 / FIRST_LOAD_BUDGET_KB).toFixed(2),
    lazyChunks: lazy.length,
    lazyJsKb: +lazy.reduce((s, c) => s + c.kb, 0).toFixed(1),
    liveViewerJsKb: +(liveViewerJs / 1024).toFixed(1),
  };
}
