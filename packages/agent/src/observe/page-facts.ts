import type { Frame } from "playwright-core";
import { callInPage, loadInPageScript } from "../browser/in-page-script.ts";

const PAGE_FACTS_SOURCE = loadInPageScript(new URL("./in-page/page-facts.js", import.meta.url));

interface ProductFacts {
  name?: string;
  sku?: string;
  gtin?: string;
  mpn?: string;
  brand?: string;
  price?: string;
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
    facts = await callInPage(frame, PAGE_FACTS_SOURCE);
  } catch {
    return "";
  }
  const p = facts.products[0];
  if (!p) return "";
  const parts: string[] = [];
  if (p.name) parts.push(JSON.stringify(p.name.length > 80 ? `${p.name.slice(0, 80)}…` : p.name));
  for (const key of ["sku", "gtin", "mpn", "brand"] as const) if (p[key]) parts.push(`${key} ${p[key]}`);
  if (p.price) parts.push(`price ${p.price}${p.currency ? ` ${p.currency}` : ""}`);
  if (p.availability) parts.push(p.availability);
  const more = facts.total > 1 ? `; ${facts.total - 1} more product${facts.total > 2 ? "s" : ""} in the markup` : "";
  return `[Product data in the page's markup: ${parts.join(", ")}${more}]`;
}
