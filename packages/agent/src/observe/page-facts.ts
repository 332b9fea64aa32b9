import type { Frame } from "playwright-core";
import { loadInPageScript } from "../browser/in-page-script.ts";
import { pageFunction } from "./page-function.ts";

const PAGE_FACTS = pageFunction<undefined, { products: ProductFacts[]; total: number }>(
  loadInPageScript(new URL("./in-page/page-facts.js", import.meta.url)),
);

interface ProductFacts {
  name?: string;
  sku?: string;
  /** An item number from the page's forms or data attributes, when no SKU is declared. */
  itemId?: string;
  gtin?: string;
  mpn?: string;
  brand?: string;
  price?: string;
  /** A different price the markup declares for the same product elsewhere (JSON-LD against meta tags). */
  otherPrice?: string;
  currency?: string;
  availability?: string;
}

/**
 * One line of the product facts the page declares in its markup (JSON-LD, microdata, product
 * meta tags), or "" when it declares none. Exact SKUs and prices are often only there, or far
 * down the page.
 */
export async function pageFactsLine(frame: Frame): Promise<string> {
  let facts: { products: ProductFacts[]; total: number };
  try {
    facts = await frame.evaluate(PAGE_FACTS, undefined);
  } catch {
    return "";
  }
  const p = facts.products[0];
  if (!p) return "";
  const parts: string[] = [];
  if (p.name) parts.push(JSON.stringify(p.name.length > 80 ? `${p.name.slice(0, 80)}…` : p.name));
  for (const key of ["sku", "gtin", "mpn", "brand"] as const) if (p[key]) parts.push(`${key} ${p[key]}`);
  if (p.itemId && !p.sku) parts.push(`item number ${p.itemId}`);
  if (p.price)
    parts.push(`price ${p.price}${p.currency ? ` ${p.currency}` : ""}${p.otherPrice ? ` (also declared: ${p.otherPrice})` : ""}`);
  if (p.availability) parts.push(p.availability);
  const more = facts.total > 1 ? `; ${facts.total - 1} more product${facts.total > 2 ? "s" : ""} in the markup` : "";
  return `[Product data in the page's markup: ${parts.join(", ")}${more}]`;
}
