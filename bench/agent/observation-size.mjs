// Observation size in o200k tokens: Errand's page state (the text the model reads each step)
// against Playwright's aria snapshot and document.body.innerText, on the fixture pages and on
// the real product pages of the corpus (served on loopback, all other traffic blocked), with
// the share of corpus pages whose ground-truth price and SKU appear in each representation.
// Run: npx tsx bench/agent/observation-size.mjs [--before <dir>]
// --before: a copy of the repository's packages/agent/src as it was, made without touching the
// working tree, e.g. `mkdir /tmp/before && git archive HEAD packages/agent/src | tar -x -C /tmp/before`;
// its observer is measured in the same run, page by page beside the current one ("before").
import path from "node:path";
import { pathToFileURL } from "node:url";
import { countTokens } from "gpt-tokenizer";
import { startFixtureSites } from "@errand/testkit";
import { createBrowserManager, createObserver } from "../../packages/agent/src/index.ts";
import { stepMessage } from "../../packages/agent/src/prompts/step-message.ts";
import { blockExternal, percentile, priceFound, printFigures, round, serveCorpus, skuFound } from "./lib.mjs";

const beforeAt = process.argv.indexOf("--before");
const beforeDir = beforeAt > 0 ? process.argv[beforeAt + 1] : undefined;
const createBeforeObserver = beforeDir
  ? (await import(pathToFileURL(path.resolve(beforeDir, "packages/agent/src/observe/create-observer.ts")).href)).createObserver
  : undefined;
/** Errand's own representations: the current observer, and the one before when asked for. */
const OWN = createBeforeObserver ? ["ours", "before"] : ["ours"];
const KINDS = [...OWN, "aria", "innerText"];

const FIXTURE_PAGES = [
  "/shop",
  "/shop/product/1001",
  "/news",
  "/form",
  "/login",
  "/frames",
  "/shadow",
  "/dropdown",
  "/datepicker",
  "/hover-menu",
  "/infinite",
  "/hidden",
  "/long",
  "/injection",
  "/table",
];

async function observeWith(create, page) {
  const t = performance.now();
  const obs = await create({ screenshot: false }).observe(page);
  const text = stepMessage(obs, { step: 1, maxSteps: 50, secondsLeft: 300, notes: [], image: false, imageDetail: "low" })[0].text;
  const ms = performance.now() - t;
  return { text, tokens: countTokens(text), ms };
}

let measured = 0;
async function measure(page) {
  const own = {};
  // Current and before observers take turns going first, so neither always meets a warm page.
  const order = measured++ % 2 === 0 ? OWN : [...OWN].reverse();
  for (const kind of order) own[kind] = await observeWith(kind === "ours" ? createObserver : createBeforeObserver, page);
  let t = performance.now();
  const aria = await page
    .locator("body")
    .ariaSnapshot({ timeout: 10_000 })
    .catch(() => "");
  const ariaMs = performance.now() - t;
  t = performance.now();
  const inner = await page.evaluate("document.body ? document.body.innerText : ''");
  const innerMs = performance.now() - t;
  return {
    ...own,
    aria: { text: aria, tokens: countTokens(aria), ms: ariaMs },
    innerText: { text: inner, tokens: countTokens(inner), ms: innerMs },
  };
}

function summarize(rows, kinds = KINDS) {
  const out = {};
  for (const kind of kinds) {
    const tokens = rows.map((r) => r[kind].tokens);
    const ms = rows.map((r) => r[kind].ms);
    out[kind] = {
      medianTokens: percentile(tokens, 50),
      p90Tokens: percentile(tokens, 90),
      maxTokens: Math.max(...tokens),
      medianMs: round(percentile(ms, 50), 1),
    };
  }
  return out;
}

const browser = createBrowserManager({ browserPath: process.env.BROWSER_PATH || undefined });
const sites = await startFixtureSites();
const corpus = await serveCorpus();
try {
  const context = await browser.newContext({ network: { allowHosts: [sites.url, sites.otherOrigin].map((u) => new URL(u).host) } });
  const page = await context.newPage();
  const fixtureRows = [];
  for (const p of FIXTURE_PAGES) {
    await page.goto(`${sites.url}${p}`, { waitUntil: "load" });
    fixtureRows.push({ page: p, ...(await measure(page)) });
  }
  await context.close();

  const corpusContext = await browser.newContext({ network: { allowHosts: [new URL(corpus.origin).host] } });
  await blockExternal(corpusContext, corpus.origin);
  const cpage = await corpusContext.newPage();
  const corpusRows = [];
  for (const { name, path } of corpus.pages) {
    await cpage.goto(`${corpus.origin}${path}`, { waitUntil: "load", timeout: 30_000 }).catch(() => {});
    const row = await measure(cpage);
    const truth = corpus.truth[name] ?? {};
    const price = truth.price;
    const sku = truth.sku;
    // Every representation is judged twice: alone, and as a prompt would carry it (with the URL).
    const urlLine = `URL: ${cpage.url()}\n`;
    const found = {};
    for (const kind of KINDS) {
      const alone = OWN.includes(kind) ? row[kind].text.replace(/^URL: .*\n/m, "") : row[kind].text;
      const withUrl = OWN.includes(kind) ? row[kind].text : urlLine + row[kind].text;
      found[kind] = {
        price: price === undefined ? null : priceFound(withUrl, price),
        sku: sku === undefined ? null : skuFound(withUrl, sku),
        priceAlone: price === undefined ? null : priceFound(alone, price),
        skuAlone: sku === undefined ? null : skuFound(alone, sku),
      };
    }
    corpusRows.push({ name, price, sku, ...row, found });
  }
  await corpusContext.close();

  const share = (kind, field) => {
    const judged = corpusRows.filter((r) => r.found[kind][field] !== null);
    return { pages: judged.length, share: round(judged.filter((r) => r.found[kind][field]).length / judged.length, 3) };
  };
  const both = (kind, suffix = "") => {
    const judged = corpusRows.filter((r) => r.found[kind].price !== null && r.found[kind].sku !== null);
    const hits = judged.filter((r) => r.found[kind][`price${suffix}`] && r.found[kind][`sku${suffix}`]);
    return { pages: judged.length, share: round(hits.length / judged.length, 3) };
  };
  // The corpus pages where our representation lost the price or the SKU ("Alone": page text only).
  const missedByOurs = (suffix) =>
    corpusRows
      .filter((r) => r.found.ours[`price${suffix}`] === false || r.found.ours[`sku${suffix}`] === false)
      .map((r) => ({
        name: r.name.slice(0, 12),
        price: r.found.ours[`price${suffix}`] === false ? r.price : undefined,
        sku: r.found.ours[`sku${suffix}`] === false ? r.sku : undefined,
        tokens: suffix ? undefined : r.ours.tokens,
      }));
  const summary = {
    fixturePages: { pages: fixtureRows.length, ...summarize(fixtureRows) },
    corpusPages: {
      pages: corpusRows.length,
      ...summarize(corpusRows),
      // "withUrl": the representation plus the URL line a prompt carries; "alone": the page text only.
      found: Object.fromEntries(
        KINDS.map((k) => [
          k,
          {
            withUrl: { price: share(k, "price"), sku: share(k, "sku"), both: both(k) },
            alone: { price: share(k, "priceAlone"), sku: share(k, "skuAlone"), both: both(k, "Alone") },
          },
        ]),
      ),
    },
    perFixturePage: Object.fromEntries(fixtureRows.map((r) => [r.page, Object.fromEntries(KINDS.map((k) => [k, r[k].tokens]))])),
    missedByOurs: missedByOurs(""),
    missedByOursAlone: missedByOurs("Alone"),
  };
  printFigures(summary);
} finally {
  await browser.close();
  await sites.close();
  await corpus.close();
}
