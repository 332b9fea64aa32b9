import type { WalkLine } from "./walk-frames.ts";

export interface FitResult {
  text: string;
  /** Lines left out to stay within the budget. */
  omitted: number;
}

/** Share of the budget site navigation may take before the page's own content below the fold. */
const NAVIGATION_SHARE = 0.1;
/** This many link-only lines in a row read as a menu, even outside a nav landmark. */
const LINK_RUN = 6;
const LINK_ONLY = /^(\*?\[\d+\]<a\b[^>]*>[^<]*<\/a>\s*)+$/;
const LINK = /\[\d+\]<a\b/g;

/**
 * Labels of a product's identifiers (SKU, item number, product code) in common shop languages.
 * Lines carrying them are kept first, wherever they are: exact identifiers are what tasks ask
 * for, and detail tables often sit far down a page.
 */
const ID_LABEL =
  /(?:^|[^\p{L}])(?:sku|item (?:number|no\.?|#|code)|product (?:code|number|no\.?|id)|article (?:number|no\.?)|art(?:\.|ikel)?-?(?:nr|nummer|no)\.?|model (?:number|no\.?)|part (?:number|no\.?)|mpn|ean|gtin|upc|isbn|asin|numero oggetto|codice(?: articolo| prodotto)?|c[oó]digo|r[ée]f[ée]rence|réf\.?|kód|код|артикул|šifra|cikkszám)(?:[^\p{L}]|$)|商品編號|商品编号|型號|型号|品番|型番|货号/iu;
const ID_LINE_MAX = 200;
/** Share of the budget identifier lines may take, ahead of everything else. */
const ID_SHARE = 0.1;
/**
 * Shares of the budget kept for the start of the page's main content (its main heading and what
 * follows, where a product's price and identifiers sit) and for the lines just before the
 * heading, next after identifier lines, unless the reader has scrolled past the heading.
 */
const MAIN_SHARE = 0.25;
const MAIN_BEFORE_SHARE = 0.05;

/**
 * A price: a currency sign or code next to an amount. Short lines with one, after the main
 * heading, are kept next after the main content's start (the first few, and those naming a price),
 * so a price far down a long product page is not lost to the budget.
 */
const AMOUNT =
  /(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|SEK|NOK|DKK|PLN|CZK|JPY|US\s?\$|C\$|A\$|R\$|kr|zł|Kč|Ft|lei))\s?\d|\d(?:[\d.,\s]*\d)?\s?(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|SEK|NOK|DKK|PLN|CZK|kr|zł|Kč|Ft|lei)\b)/u;
const PRICE_LABEL = /price|preis|prix|precio|prezzo|prijs|pre[tț]|cena|pris|hinta|fiyat|buy it now|価格|价格|價格/iu;
const PRICE_LINES = 2;
/** Share of the budget price lines may take. */
const PRICE_SHARE = 0.03;

/** Lines that are site navigation: inside nav/footer/aside/menus, or long runs of bare links. */
function navigationFlags(lines: WalkLine[]): boolean[] {
  const flags = lines.map((l) => !!l.c);
  let start = 0;
  for (let i = 0; i <= lines.length; i++) {
    const linkOnly = i < lines.length && LINK_ONLY.test(lines[i]?.t ?? "");
    if (linkOnly) continue;
    if (i - start >= LINK_RUN) for (let j = start; j < i; j++) flags[j] = true;
    start = i + 1;
  }
  return flags;
}

/**
 * Keeps a page's text within `maxChars`. Order of preference: short lines naming a product
 * identifier (up to a tenth of the budget); the start of the main content (from its heading,
 * a quarter of the budget, and a little before it); its first price lines (a thirty-third of the
 * budget); the page's own content in the viewport; site
 * navigation, up to a tenth of the budget; own content below the viewport (reading order); the
 * rest of the navigation; content above the viewport (nearest first).
 * Left-out stretches are marked where they were, so the model knows to scroll or extract.
 */
export function fitLines(input: WalkLine[], view: { top: number; bottom: number }, maxChars: number): FitResult {
  const lines = mergeRepeats(input);
  const total = lines.reduce((n, l) => n + l.t.length + 1, 0);
  if (total <= maxChars) return { text: lines.map((l) => l.t).join("\n"), omitted: 0 };
  const nav = navigationFlags(lines);
  const place = placeOf(view);
  const keep = chooseLines(lines, nav, place, maxChars);
  return withGapMarks(lines, keep, nav, place);
}

interface Place {
  above(l: WalkLine): boolean;
  below(l: WalkLine): boolean;
}

const placeOf = (view: { top: number; bottom: number }): Place => ({ above: (l) => l.y < view.top - 20, below: (l) => l.y >= view.bottom });

/** A line repeated right after itself is kept once (the main-content mark carried over). */
function mergeRepeats(input: WalkLine[]): WalkLine[] {
  const lines: WalkLine[] = [];
  for (const line of input) {
    const prev = lines[lines.length - 1];
    if (prev?.t === line.t) {
      if (line.m) lines[lines.length - 1] = { ...prev, m: 1 };
      continue;
    }
    lines.push(line);
  }
  return lines;
}

/** Which lines fit, tier by tier in the order of preference fitLines describes. */
function chooseLines(lines: WalkLine[], nav: boolean[], { above, below }: Place, maxChars: number): boolean[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  let used = 0;
  const take = (i: number, limit = maxChars): boolean => {
    const line = lines[i];
    if (!line || keep[i]) return true;
    const cost = line.t.length + 1;
    if (used + cost > limit) return false;
    keep[i] = true;
    used += cost;
    return true;
  };
  const order = lines.map((l, i) => ({ l, i, nav: nav[i] ?? false }));
  // Identifier lines first (with the next line when the value sits there, "Item number:" / "1234").
  const idLimit = maxChars * ID_SHARE;
  for (const { l, i, nav: n } of order) {
    if (n || l.t.length > ID_LINE_MAX || !ID_LABEL.test(l.t)) continue;
    if (!take(i, idLimit)) break;
    const next = lines[i + 1];
    if (/[:：]\s*$/.test(l.t) && next && next.t.length <= ID_LINE_MAX && !take(i + 1, idLimit)) break;
  }
  // The main content's start, when the reader has not scrolled past it.
  const main = lines.findIndex((l) => l.m);
  const mainLine = lines[main];
  if (mainLine && !above(mainLine)) {
    let limit = used + maxChars * MAIN_BEFORE_SHARE;
    for (let i = main - 1; i >= 0; i--) if (!nav[i] && !take(i, limit)) break;
    limit = used + maxChars * MAIN_SHARE;
    for (let i = main; i < lines.length; i++) if (!nav[i] && !take(i, limit)) break;
  }
  const priceLimit = used + maxChars * PRICE_SHARE;
  takePriceLines(lines, nav, Math.max(main, 0), keep, (i) => take(i, priceLimit));
  // A line that does not fit ends its tier: smaller lines further on would read as noise.
  for (const { l, i, nav: n } of order) if (!n && !above(l) && !below(l) && !take(i)) break;
  const navLimit = used + maxChars * NAVIGATION_SHARE;
  for (const { l, i, nav: n } of order) if (n && !above(l) && !take(i, navLimit)) break;
  for (const { l, i, nav: n } of order) if (!n && below(l) && !take(i)) break;
  for (const { l, i, nav: n } of order) if (n && !above(l) && !take(i)) break;
  for (const { l, i } of [...order].reverse()) if (above(l) && !take(i)) break;
  return keep;
}

/** From the main heading on: the first PRICE_LINES lines with an amount, and any naming a price, until one does not fit. */
function takePriceLines(lines: WalkLine[], nav: boolean[], from: number, keep: boolean[], take: (i: number) => boolean): void {
  let seen = 0;
  for (let i = from; i < lines.length; i++) {
    const t = lines[i]?.t ?? "";
    if (nav[i] || t.length > ID_LINE_MAX || !AMOUNT.test(t)) continue;
    seen++;
    if (seen > PRICE_LINES && !PRICE_LABEL.test(t)) continue;
    if (!keep[i] && !take(i)) return;
  }
}

/** The kept lines, each left-out stretch marked where it was (folded navigation, above, below, or not shown). */
function withGapMarks(lines: WalkLine[], keep: boolean[], nav: boolean[], { above, below }: Place): FitResult {
  const out: string[] = [];
  let gap: number[] = [];
  let omitted = 0;
  const closeGap = () => {
    if (gap.length === 0) return;
    const n = `${gap.length} line${gap.length === 1 ? "" : "s"}`;
    const first = lines[gap[0] ?? 0] as WalkLine;
    const allNav = gap.every((i) => nav[i]);
    const links = allNav ? gap.reduce((k, i) => k + (lines[i]?.t.match(LINK) ?? []).length, 0) : 0;
    out.push(
      allNav
        ? `[… Navigation folded: ${links} link${links === 1 ? "" : "s"} in ${n}; use extract to read them …]`
        : above(first)
          ? `[… ${n} above: scroll up or use extract …]`
          : below(first)
            ? `[… ${n} more below: scroll down or use extract …]`
            : `[… ${n} not shown: use extract …]`,
    );
    omitted += gap.length;
    gap = [];
  };
  lines.forEach((line, i) => {
    if (keep[i]) {
      closeGap();
      out.push(line.t);
    } else gap.push(i);
  });
  closeGap();
  return { text: out.join("\n"), omitted };
}
