// Shared helpers of the agent benchmarks: the product-page corpus served on loopback,
// ground-truth matching and small statistics.
import { readFileSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";

// CORPUS_DIR points elsewhere when the repository is checked out away from shared/ (a worktree).
export const CORPUS_DIR = process.env.CORPUS_DIR || path.resolve(import.meta.dirname, "../../../shared/corpus/products");

/**
 * Serves every corpus page, decompressed, on loopback at the path and query of its original URL
 * (so the URL the model reads looks like the real one, e.g. /dp/B01GOH7PKA), or at /<name> when
 * two pages would share a path. `pages` lists { name, path }.
 */
export async function serveCorpus(dir = CORPUS_DIR) {
  const htmlDir = path.join(dir, "html");
  const truth = JSON.parse(readFileSync(path.join(dir, "ground-truth.json"), "utf8"));
  const names = readdirSync(htmlDir)
    .filter((f) => f.endsWith(".html.gz"))
    .map((f) => f.slice(0, -".html.gz".length))
    .sort();
  const byPath = new Map();
  const pages = names.map((name) => {
    let p = `/${name}`;
    try {
      const u = new URL(truth[name]?.url ?? "");
      const original = `${u.pathname}${u.search}`;
      if (original.length > 1 && !byPath.has(original)) p = original;
    } catch {
      // no usable original URL
    }
    byPath.set(p, name);
    return { name, path: p };
  });
  const server = createServer((req, res) => {
    const name = byPath.get(req.url ?? "/");
    if (!name) {
      res.writeHead(404).end();
      return;
    }
    const html = gunzipSync(readFileSync(path.join(htmlDir, `${name}.html.gz`)));
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, names, pages, truth, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Nothing leaves the machine: every request that is not to the loopback corpus server is aborted. */
export async function blockExternal(context, origin) {
  await context.route("**/*", (route) => (route.request().url().startsWith(origin) ? route.fallback() : route.abort("blockedbyclient")));
}

const GROUP_SEPARATORS = ["", ",", ".", " ", "\u00a0", "\u202f", "'"];

/** Ways a price like "1299.00" can be written: 1299.00, 1,299.00, 1.299,00, 1 299,00... */
export function priceVariants(price) {
  const [int = "", dec] = String(price).trim().split(".");
  const grouped = (sep) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const out = new Set();
  for (const sep of GROUP_SEPARATORS) {
    for (const decSep of [".", ","]) {
      if (sep === decSep) continue;
      out.add(dec === undefined ? grouped(sep) : `${grouped(sep)}${decSep}${dec}`);
    }
  }
  return [...out];
}

export function normalizeSpaces(text) {
  return text.replace(/[\u00a0\u202f\u2009]/g, " ");
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Any of the ground-truth prices (a list) appears, in any usual notation, as a whole amount:
 * not inside a longer number ("$4005 bids", words run together, does not hold $400; nor "49.99" 49),
 * though a whole price may carry zero cents ("88,00 €" holds 88).
 */
export function priceFound(text, prices) {
  const t = normalizeSpaces(text);
  return [prices].flat().some((price) => {
    // A whole price ("88") is also written with zero cents: "€ 88,00", "£5,100.00".
    const cents = String(price).includes(".") ? "" : "(?:[.,]00?)?";
    return priceVariants(price).some((v) => new RegExp(`(?<![\\d.,])${escapeRegExp(normalizeSpaces(v))}${cents}(?![\\d]|[.,]\\d)`).test(t));
  });
}

/** Any of the ground-truth SKUs (a list) appears, ignoring case. */
export function skuFound(text, skus) {
  const t = text.toLowerCase();
  return [skus].flat().some((sku) => t.includes(String(sku).trim().toLowerCase()));
}

export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (n, digits = 0) => (n === null ? null : Number(n.toFixed(digits)));

/** Prints a benchmark's figures as the indented JSON run.mjs reads and docs/benchmarks.md quotes. */
export function printFigures(figures) {
  console.log(JSON.stringify(figures, null, 2));
}
