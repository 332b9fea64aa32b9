// Benchmark (docs/bot-walls.md), one run on this machine (`node_modules/.bin/tsx bench/stealth-bench.ts [rounds]`):
// what the "does not look automated" settings cost. The same fixture page loads in contexts from
// createBrowserManager (screen, WebGL and toString init script, worker scripts prefixed) and in plain contexts on the same
// browser (same flags, the user agent flag included: it costs nothing per context), interleaved
// in one run; the ratio is printed.
// Also the init script on its own: how long one run of it takes in a page (it runs once per
// document, so a step that does not load a document pays nothing).
import { loadavg } from "node:os";
import { startFixtureSites } from "@errand/testkit";
import type { BrowserContext } from "playwright-core";
import { createBrowserManager } from "../packages/agent/src/browser/create-browser-manager.ts";
import { stealthInitScript, webglIdentity } from "../packages/agent/src/browser/stealth.ts";

const ROUNDS = Number(process.argv[2] ?? 15);
const browserPath = process.env.BROWSER_PATH || "/usr/bin/chromium";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

const sites = await startFixtureSites();
const manager = createBrowserManager({ browserPath });
const bare = (await manager.newContext({ network: { allowPrivate: true } })).browser()!;
const timings = {
  stealth: { context: [] as number[], page: [] as number[], load: [] as number[] },
  bare: { context: [] as number[], page: [] as number[], load: [] as number[] },
};

async function measure(kind: "stealth" | "bare") {
  let t = performance.now();
  const context: BrowserContext =
    kind === "stealth"
      ? await manager.newContext({ network: { allowPrivate: true } })
      : await bare.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US", serviceWorkers: "block" });
  timings[kind].context.push(performance.now() - t);
  t = performance.now();
  // With stealth: resolves once the page's worker scripts are watched (one CDP session).
  const page = await context.newPage();
  timings[kind].page.push(performance.now() - t);
  t = performance.now();
  await page.goto(`${sites.url}/shop`, { waitUntil: "load" });
  timings[kind].load.push(performance.now() - t);
  await context.close();
}

await measure("stealth"); // launch and warm both before timing
await measure("bare");
for (const k of ["stealth", "bare"] as const) timings[k].context.length = timings[k].page.length = timings[k].load.length = 0;
for (let i = 0; i < ROUNDS; i++) {
  if (i % 2) {
    await measure("bare");
    await measure("stealth");
  } else {
    await measure("stealth");
    await measure("bare");
  }
}

// The init script alone, run many times in one page (each run patches afresh).
const context = await bare.newContext();
const page = await context.newPage();
await page.goto(`${sites.url}/shop`);
const script = stealthInitScript({ webgl: webglIdentity() });
const perRunMs = await page.evaluate((source) => {
  const runs = 500;
  const t = performance.now();
  for (let i = 0; i < runs; i++) (0, eval)(source);
  return (performance.now() - t) / runs;
}, script);
await context.close();

const rows = [
  ["context creation (ms, median)", median(timings.stealth.context), median(timings.bare.context)],
  ["new page (ms, median)", median(timings.stealth.page), median(timings.bare.page)],
  ["first page load, /shop (ms, median)", median(timings.stealth.load), median(timings.bare.load)],
] as const;
console.log(`stealth bench: ${ROUNDS} rounds, load average ${round(loadavg()[0]!, 2)}`);
console.log("| measure | with stealth | without | ratio |\n|---|---|---|---|");
for (const [name, a, b] of rows) console.log(`| ${name} | ${round(a)} | ${round(b)} | ${round(a / b, 2)} |`);
console.log(`| init script, one run per document (ms) | ${round(perRunMs, 3)} | - | - |`);
console.log(`| step that loads no document (ms) | 0 | - | - |`);

await manager.close();
await sites.close();
