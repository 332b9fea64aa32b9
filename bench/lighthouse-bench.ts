// Issue 6 benchmark: Lighthouse 12 (the npm package, system Chromium) on the home page, the
// marketplace and one automation page, served by the real server with the seeded catalogue.
// Mobile (Lighthouse's default: emulated phone, simulated slow 4G and 4x CPU slowdown) and desktop.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { loadConfig } from "@errand/config";
import { startServer } from "@errand/server";
import { createRuntime } from "../packages/cli/src/runtime/create-runtime.ts";
import { seedCatalog } from "../packages/cli/src/runtime/seed-catalog.ts";
import { TEST_CHROMIUM_ARGS } from "../packages/testkit/src/browser/launch-test-chromium.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "errand-bench-lh-"));
chmodSync(dataDir, 0o755);
const port = 20000 + Math.floor(Math.random() * 20000);
const baseUrl = `http://localhost:${port}`;
const config = loadConfig({ DATA_DIR: dataDir, PORT: String(port), BASE_URL: baseUrl, LOG_LEVEL: "error", WORKER_CONCURRENCY: "0" });
const runtime = await createRuntime(config);
await seedCatalog(runtime.ctx);
const server = await startServer({
  ctx: runtime.ctx, database: runtime.database, events: runtime.events, storage: runtime.storage,
  authSecret: runtime.secrets.authSecret, port, host: "127.0.0.1", baseUrl, trustProxy: false,
});
const automation = (await (await fetch(`${baseUrl}/api/v1/automations?application=hacker-news`)).json()) as { automations: { slug: string }[] };
const pages = { home: "/", marketplace: "/automations", automation: `/automations/${automation.automations[0]!.slug}` };

const chrome = await chromeLauncher.launch({
  chromePath: process.env.BROWSER_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", ...TEST_CHROMIUM_ARGS],
});
const categories = ["performance", "accessibility", "best-practices", "seo"];
const results: Record<string, Record<string, unknown>> = {};
for (const [formFactor, extraConfig] of [["mobile", undefined], ["desktop", desktopConfig]] as const) {
  for (const [name, pathname] of Object.entries(pages)) {
    const runner = await lighthouse(`${baseUrl}${pathname}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories }, extraConfig);
    const lhr = runner!.lhr;
    const scripts = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items;
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
      .map((a) => a.id);
    results[`${formFactor}:${name}`] = {
      path: pathname,
      ...Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
      fcpMs: Math.round(Number(lhr.audits["first-contentful-paint"]?.numericValue ?? 0)),
      lcpMs: Math.round(Number(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0)),
      tbtMs: Math.round(Number(lhr.audits["total-blocking-time"]?.numericValue ?? 0)),
      cls: Number(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
      scriptKb: +((scripts?.find((i) => i.resourceType === "script")?.transferSize ?? 0) / 1024).toFixed(1),
      failing,
    };
    process.stderr.write(`${formFactor} ${name}: ${JSON.stringify(results[`${formFactor}:${name}`])}\n`);
  }
}
chrome.kill();
process.stdout.write(`RESULT ${JSON.stringify(results)}\n`);
await server.close();
await runtime.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
