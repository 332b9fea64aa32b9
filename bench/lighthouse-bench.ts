// Benchmark (`npx tsx bench/lighthouse-bench.ts`, about 15 minutes, Lighthouse installed on the first run; rewrites its own
// section of docs/benchmarks.md): Lighthouse 12 (the npm package, system Chromium) on the home page, the
// marketplace and one automation page, served by the real server with the seeded catalogue.
// Mobile (Lighthouse's default: emulated phone, simulated slow 4G and 4x CPU slowdown) and desktop.
// The baseline, in the same run: each mobile page with its scripts blocked (the same server-rendered
// HTML and stylesheet, nothing to hydrate), measured run for run between the page's own runs.
import { cpus, loadavg } from "node:os";
import { seedCatalog } from "../packages/cli/src/runtime/seed-catalog.ts";
import { TEST_CHROMIUM_ARGS } from "../packages/testkit/src/browser/launch-test-chromium.ts";
import { startBenchServer } from "./bench-server.ts";
import { writeBenchSection } from "./write-section.ts";
import {
  loadLighthouse,
  type LighthouseConfig as Config,
  type LighthouseFlags as Flags,
  type LighthouseResult as Result,
} from "./lighthouse-tools.ts";

// Not in npm ci: installed by the first run (bench/bench-tools.ts).
const { lighthouse, desktopConfig, chromeLauncher } = await loadLighthouse();

/** Mobile performance (FCP / LCP, TBT) of home, marketplace and automation page before server rendering, measured 2026-11-24. */
const BEFORE_SSR = "93 (1579 / 1579 ms, 289 ms), 91 (2264 / 2473 ms, 236 ms) and 93 (2160 / 2640 ms, 102 ms)";
/** The same, server-rendered with the scripts fetched at once at low priority (ADR 0012), 2026-11-24. */
const SERVER_RENDERED = "99 (816 / 1566 ms, 135 ms), 97 (933 / 2370 ms, 122 ms) and 96 (777 / 2448 ms, 216 ms)";

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
type Sample = ReturnType<typeof summarise>;
type Row = Record<string, string | number>;

// Scores move from run to run on a busy 2-core machine (total blocking time most): median of RUNS.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Desktop scores 100 with little spread: fewer runs there keep the benchmark under a quarter hour. */
const DESKTOP_RUNS = Number(process.env.LIGHTHOUSE_DESKTOP_RUNS ?? 1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The baseline: the page as it is, its scripts refused (Lighthouse's blockedUrlPatterns). */
const NO_SCRIPTS: Flags = { blockedUrlPatterns: ["*.js"] };

const bench = await startBenchServer("lh", { WORKER_CONCURRENCY: "0" }, { host: "localhost" });
const { baseUrl } = bench;
await seedCatalog(bench.ctx);
const automation = (await (await fetch(`${baseUrl}/api/v1/automations?application=hacker-news`)).json()) as {
  automations: { slug: string }[];
};
const pages = { home: "/", marketplace: "/automations", automation: `/automations/${automation.automations[0]!.slug}` };
// Each page rendered once before it is measured: the first render of a page (the renderer's import,
// cold code) is not what a visitor waits for, the server keeps rendered pages.
for (const pathname of Object.values(pages)) await (await fetch(`${baseUrl}${pathname}`)).text();

const chrome = await chromeLauncher.launch({
  chromePath: process.env.BROWSER_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", ...TEST_CHROMIUM_ARGS],
});
const startLoad = loadavg()[0]!;
const results: Record<string, Row> = {};
for (const [name, pathname] of Object.entries(pages)) {
  const page: Sample[] = [];
  const baseline: Sample[] = [];
  for (let run = 0; run < RUNS; run++) {
    page.push(await measure(pathname));
    baseline.push(await measure(pathname, NO_SCRIPTS));
  }
  record(`mobile:${name}`, pathname, page);
  record(`mobile, no scripts:${name}`, pathname, baseline);
}
for (const [name, pathname] of Object.entries(pages)) {
  const samples: Sample[] = [];
  for (let run = 0; run < DESKTOP_RUNS; run++) samples.push(await measure(pathname, {}, desktopConfig));
  record(`desktop:${name}`, pathname, samples);
}
const load = `load average ${startLoad.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end on ${cpus().length} cores`;
chrome.kill();
process.stdout.write(`RESULT ${JSON.stringify({ load, results })}\n`);
writeSection(results, load);
await bench.close();
process.exit(0);

/** One Lighthouse run of the page (mobile unless a config is given). */
async function measure(pathname: string, flags: Flags = {}, config?: Config): Promise<Sample> {
  const runner = await lighthouse(
    `${baseUrl}${pathname}`,
    { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...categories], ...flags },
    config,
  );
  return summarise(runner!.lhr);
}

/** The medians of a page's samples, with its range of performance scores. */
function record(key: string, pathname: string, samples: Sample[]) {
  const pick = (field: keyof Sample) => median(samples.map((s) => Number(s[field])));
  const scores = samples.map((s) => s.performance);
  results[key] = {
    path: pathname,
    ...Object.fromEntries(categories.map((c) => [c, pick(c)])),
    performanceRange: `${Math.min(...scores)}-${Math.max(...scores)}`,
    fcpMs: pick("fcpMs"),
    lcpMs: pick("lcpMs"),
    tbtMs: pick("tbtMs"),
    cls: pick("cls"),
    scriptKb: pick("scriptKb"),
  };
  process.stderr.write(`${key}: ${JSON.stringify(results[key])}\n`);
}

function summarise(lhr: Result) {
  const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? 0);
  const scripts = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)
    ?.items;
  return {
    ...(Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<
      (typeof categories)[number],
      number
    >),
    fcpMs: Math.round(audit("first-contentful-paint")),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: +audit("cumulative-layout-shift").toFixed(3),
    scriptKb: +((scripts?.find((i) => i.resourceType === "script")?.transferSize ?? 0) / 1024).toFixed(1),
  };
}

/** Each mobile page against its no-script baseline: performance points and LCP. */
function comparisons(all: Record<string, Row>) {
  return Object.keys(pages).map((page) => {
    const own = all[`mobile:${page}`]!;
    const base = all[`mobile, no scripts:${page}`]!;
    const points = Number(base.performance) - Number(own.performance);
    return `| ${page} | ${own.performance} / ${base.performance} (${points} points) | ${own.lcpMs} / ${base.lcpMs} ms | ${own.tbtMs} / ${base.tbtMs} ms |`;
  });
}

/** Replaces this benchmark's section of docs/benchmarks.md (or appends it), leaving the rest. */
function writeSection(all: Record<string, Row>, load: string) {
  const heading = "## Public pages in Lighthouse (bench/lighthouse-bench.ts)";
  const rows = Object.entries(all).map(([key, r]) => {
    const [formFactor, page] = key.split(":");
    return `| ${formFactor} | ${page} (\`${String(r.path)}\`) | ${r.performance} (${r.performanceRange}) | ${r.accessibility} | ${r["best-practices"]} | ${r.seo} | ${r.fcpMs} / ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} | ${r.scriptKb} KB |`;
  });
  const section = `${heading}

Lighthouse 12 (the npm package) with the system Chromium against the real server and the seeded
catalogue, ${new Date().toISOString().slice(0, 10)} (${load}); median of ${RUNS} runs per page
on mobile, ${DESKTOP_RUNS} on desktop (performance range in brackets). Mobile is Lighthouse's
default (emulated phone, simulated slow 4G, 4x CPU slowdown); desktop is its desktop preset.
Target: 95 or more in each category, 100 for SEO, and on mobile within 2 points of the page
without its scripts with an LCP of 1.2 s or less. The baseline ("mobile, no scripts") is the
same server-rendered page with every script refused (Lighthouse's blockedUrlPatterns), measured
run for run between the page's own runs. JS is the script the page transfers (brotli).

The server renders these pages (ADR 0012) and the browser hydrates them, their scripts fetched at
once at low priority. Lighthouse's simulation counts every request that ends before the observed
largest paint in its LCP, and on loopback the scripts end before it. The previous runs of this
benchmark (2026-11-24) measured ${SERVER_RENDERED} (performance (FCP / LCP, TBT) of home,
marketplace and automation page), and before server rendering ${BEFORE_SSR}. What separates a
page from its baseline is that download and main-thread time: evaluating the scripts and hydrating on
the slowed CPU (TBT), which moves most from run to run on a busy machine. The home page's hero
types its sample prompts for as long as the page is open, a render every few tenths of a second:
each takes a millisecond or two on a quiet machine, but on a busy one enough of them pass 12.5 ms
(50 ms under the 4x slowdown) to count as blocking time for the whole trace.

| page (mobile) | performance: page / no scripts | LCP: page / no scripts | TBT: page / no scripts |
|---|---|---|---|
${comparisons(all).join("\n")}

| form factor | page | performance | accessibility | best practices | SEO | FCP / LCP | TBT | CLS | JS |
|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}
`;
  writeBenchSection(heading, section);
}
