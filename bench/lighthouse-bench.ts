// Benchmark (`npx tsx bench/lighthouse-bench.ts`, about 6 minutes; rewrites its own
// section of docs/benchmarks.md): Lighthouse 12 (the npm package, system Chromium) on the home page, the
// marketplace and one automation page, served by the real server with the seeded catalogue.
// Mobile (Lighthouse's default: emulated phone, simulated slow 4G and 4x CPU slowdown) and desktop.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import { seedCatalog } from "../packages/cli/src/runtime/seed-catalog.ts";
import { TEST_CHROMIUM_ARGS } from "../packages/testkit/src/browser/launch-test-chromium.ts";
import { startBenchServer } from "./bench-server.ts";
import { writeBenchSection } from "./write-section.ts";

/** Mobile performance (FCP / LCP, TBT) of home, marketplace and automation page before server rendering, measured 2026-11-24. */
const BEFORE = "93 (1579 / 1579 ms, 289 ms), 91 (2264 / 2473 ms, 236 ms) and 93 (2160 / 2640 ms, 102 ms)";

const bench = await startBenchServer("lh", { WORKER_CONCURRENCY: "0" }, { host: "localhost" });
const { baseUrl } = bench;
await seedCatalog(bench.ctx);
const automation = (await (await fetch(`${baseUrl}/api/v1/automations?application=hacker-news`)).json()) as {
  automations: { slug: string }[];
};
const pages = { home: "/", marketplace: "/automations", automation: `/automations/${automation.automations[0]!.slug}` };

const chrome = await chromeLauncher.launch({
  chromePath: process.env.BROWSER_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", ...TEST_CHROMIUM_ARGS],
});
const categories = ["performance", "accessibility", "best-practices", "seo"];
// Scores move from run to run on a busy 2-core machine (total blocking time most): median of RUNS.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const results: Record<string, Record<string, unknown>> = {};
for (const [formFactor, extraConfig] of [
  ["mobile", undefined],
  ["desktop", desktopConfig],
] as const) {
  for (const [name, pathname] of Object.entries(pages)) {
    const samples: ReturnType<typeof summarise>[] = [];
    for (let run = 0; run < RUNS; run++) {
      const runner = await lighthouse(
        `${baseUrl}${pathname}`,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories },
        extraConfig,
      );
      samples.push(summarise(runner!.lhr));
    }
    const pick = (key: keyof ReturnType<typeof summarise>) => median(samples.map((s) => Number(s[key])));
    results[`${formFactor}:${name}`] = {
      path: pathname,
      ...Object.fromEntries(categories.map((c) => [c, pick(c as keyof ReturnType<typeof summarise>)])),
      performanceRange: `${Math.min(...samples.map((s) => s.performance))}-${Math.max(...samples.map((s) => s.performance))}`,
      fcpMs: pick("fcpMs"),
      lcpMs: pick("lcpMs"),
      tbtMs: pick("tbtMs"),
      cls: pick("cls"),
      scriptKb: pick("scriptKb"),
    };
    process.stderr.write(`${formFactor} ${name}: ${JSON.stringify(results[`${formFactor}:${name}`])}\n`);
  }
}

function summarise(lhr: Result) {
  const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? 0);
  const scripts = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)
    ?.items;
  return {
    ...(Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<
      "performance" | "accessibility" | "best-practices" | "seo",
      number
    >),
    fcpMs: Math.round(audit("first-contentful-paint")),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: +audit("cumulative-layout-shift").toFixed(3),
    scriptKb: +((scripts?.find((i) => i.resourceType === "script")?.transferSize ?? 0) / 1024).toFixed(1),
  };
}
chrome.kill();
process.stdout.write(`RESULT ${JSON.stringify(results)}\n`);
writeSection(results);
await bench.close();
process.exit(0);

/** Replaces this benchmark's section of docs/benchmarks.md (or appends it), leaving the rest. */
function writeSection(all: Record<string, Record<string, unknown>>) {
  const heading = "## Public pages in Lighthouse (bench/lighthouse-bench.ts)";
  const rows = Object.entries(all).map(([key, r]) => {
    const [formFactor, page] = key.split(":");
    return `| ${formFactor} | ${page} (\`${String(r.path)}\`) | ${r.performance} (${r.performanceRange}) | ${r.accessibility} | ${r["best-practices"]} | ${r.seo} | ${r.fcpMs} / ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} | ${r.scriptKb} KB |`;
  });
  const section = `${heading}

Lighthouse 12 (the npm package) with the system Chromium against the real server and the seeded
catalogue, ${new Date().toISOString().slice(0, 10)}; median of ${RUNS} runs per page (performance range in brackets).
Mobile is Lighthouse's default (emulated phone, simulated slow 4G, 4x CPU slowdown); desktop is
its desktop preset. Target: 95 or more in each category, 100 for SEO. JS is the script the page
transfers (brotli): the entry chunk plus the page's lazy chunks. The first run of this benchmark
(assets sent uncompressed, footer shifting as pages loaded) scored 76 / 44 / 47 on mobile.
Since the server renders these pages' HTML and the browser hydrates it (ADR 0012), the
scripts loading at low priority: before that (client rendering, FCP waiting for the entry script
and the page's chunk) the same machine measured ${BEFORE}.
What remains on mobile is main-thread time: evaluating the entry script and hydrating the page
on the slowed CPU (TBT), which moves most from run to run on a busy machine.

| form factor | page | performance | accessibility | best practices | SEO | FCP / LCP | TBT | CLS | JS |
|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}
`;
  writeBenchSection(heading, section);
}
