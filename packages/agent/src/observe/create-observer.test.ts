import { startFixtureSites, testBrowserPath } from "@errand/testkit";
import type { FixtureSites } from "@errand/testkit";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBrowserManager } from "../browser/create-browser-manager.ts";
import type { BrowserManager } from "../browser/create-browser-manager.ts";
import { createObserver } from "./create-observer.ts";

let browser: BrowserManager;
let sites: FixtureSites;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  sites = await startFixtureSites();
  browser = createBrowserManager({ browserPath: testBrowserPath() });
  context = await browser.newContext({ network: { allowHosts: [sites.url, sites.otherOrigin].map((u) => new URL(u).host) } });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await sites?.close();
});
beforeEach(async () => {
  for (const p of context.pages()) await p.close();
  page = await context.newPage();
});

const indexFor = (content: string, label: string) => {
  const m = new RegExp(`\\[(\\d+)\\]<[^>]*>${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).exec(content);
  if (!m) throw new Error(`${label} not found in:\n${content}`);
  return Number(m[1]);
};

describe("observation", () => {
  it("includes same-origin, nested and cross-origin iframes, each element with its own index", async () => {
    await page.goto(`${sites.url}/frames`);
    const observer = createObserver({ screenshot: false });
    const obs = await observer.observe(page);
    expect(obs.content).toMatch(/\[iframe 127\.0\.0\.1:\d+\/frames\/same-origin\]/);
    expect(obs.content).toMatch(/\[iframe localhost:\d+\/frames\/cross-origin\]/);
    const buttons = ["Confirm same-origin", "Confirm nested", "Confirm cross-origin"].map((b) => indexFor(obs.content, b));
    expect(new Set(buttons).size).toBe(3);
    // The index reaches the element inside the cross-origin frame.
    const ref = observer.element(buttons[2] ?? -1);
    expect(ref?.frame.url()).toContain("/frames/cross-origin");
  });

  it("reads open shadow roots, nested ones included", async () => {
    await page.goto(`${sites.url}/shadow`);
    const obs = await createObserver({ screenshot: false }).observe(page);
    expect(obs.content).toContain("Light DOM text outside any shadow root.");
    expect(obs.content).toMatch(/\[\d+\]<input placeholder="Type inside the shadow root">/);
    indexFor(obs.content, "Shadow submit");
    indexFor(obs.content, "Nested shadow button");
  });

  it("leaves out hidden and covered elements", async () => {
    await page.goto(`${sites.url}/hidden`);
    const obs = await createObserver({ screenshot: false }).observe(page);
    indexFor(obs.content, "VISIBLE-1");
    indexFor(obs.content, "VISIBLE-2");
    for (const hidden of [
      "HIDDEN-DISPLAY",
      "HIDDEN-VISIBILITY",
      "HIDDEN-OPACITY",
      "HIDDEN-ZERO-SIZE",
      "HIDDEN-OFFSCREEN",
      "HIDDEN-COVERED",
      "HIDDEN-ATTRIBUTE",
      "HIDDEN-PARENT",
    ]) {
      expect(obs.content, hidden).not.toContain(hidden);
    }
    expect(obs.content).not.toMatch(/\[\d+\]<button>HIDDEN-ARIA/);
    expect(obs.content).toContain("OVERLAY-COVER");
  });

  it("keeps indexes stable between steps and marks new elements", async () => {
    await page.goto(`${sites.url}/dropdown`);
    const observer = createObserver({ screenshot: false });
    const first = await observer.observe(page);
    const combo = indexFor(first.content, "Choose a city");
    await page.click("#city-combobox");
    const second = await observer.observe(page);
    expect(indexFor(second.content, "Choose a city")).toBe(combo);
    expect(second.content).toMatch(/\*\[\d+\]<div role=option>Berlin<\/div>/);
    expect(second.fingerprint).not.toBe(first.fingerprint);
  });

  it("fits long pages to the budget, says what lies above and below, and follows the scroll", async () => {
    await page.goto(`${sites.url}/long`);
    const observer = createObserver({ maxChars: 4_000 });
    const top = await observer.observe(page);
    expect(top.scroll.above).toBe(0);
    expect(top.scroll.below).toBeGreaterThan(10_000);
    expect(top.content.length).toBeLessThan(4_300);
    expect(top.content).toMatch(/lines more below: scroll down or use extract/);
    expect(top.screenshot?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // JPEG
    await page.evaluate("window.scrollTo(0, 20000)");
    const middle = await observer.observe(page);
    expect(middle.scroll.above).toBe(20_000);
    expect(middle.content).toMatch(/^\[… \d+ lines above: scroll up or use extract …\]/);
  });

  it("adds the product facts the page declares in its markup", async () => {
    const ld = {
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Aurora Desk Lamp",
      sku: "AUR-1",
      gtin13: "4006381333931",
      brand: { "@type": "Brand", name: "Acme" },
      offers: { "@type": "Offer", price: "49.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    };
    await page.setContent(`<script type="application/ld+json">${JSON.stringify(ld)}</script><h1>Aurora Desk Lamp</h1><p>$49.00</p>`);
    const obs = await createObserver({ screenshot: false }).observe(page);
    expect(obs.content.split("\n")[0]).toBe(
      '[Product data in the page\'s markup: "Aurora Desk Lamp", sku AUR-1, gtin 4006381333931, brand Acme, price 49.00 USD, InStock]',
    );
  });

  it("shows both prices when the markup declares two for the product (an auction's start in JSON-LD, its current bid in meta tags)", async () => {
    const ld = {
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Girard pillows",
      offers: { price: 150, priceCurrency: "USD" },
    };
    const head = `<meta property="product:price:amount" content="200"><meta property="product:price:currency" content="USD">`;
    // The current bid and the bid count run together in the page's text, as unstyled spans do.
    await page.setContent(
      `${head}<script type="application/ld+json">${JSON.stringify(ld)}</script><h1>Girard pillows</h1><span>$200</span><span>2 bids</span>`,
    );
    const obs = await createObserver({ screenshot: false }).observe(page);
    expect(obs.content.split("\n")[0]).toBe('[Product data in the page\'s markup: "Girard pillows", price 150 USD (also declared: 200)]');
    // The same amount written another way is one price.
    await page.setContent(`${head}<script type="application/ld+json">${JSON.stringify({ ...ld, offers: { price: "200.00" } })}</script>`);
    expect((await createObserver({ screenshot: false }).observe(page)).content.split("\n")[0]).toBe(
      '[Product data in the page\'s markup: "Girard pillows", price 200.00 USD]',
    );
  });

  it("reads the price from the Offer inside a microdata Product", async () => {
    await page.setContent(
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Birch Stool</h1><meta itemprop="sku" content="BS-7">` +
        `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="pricecurrency" content="EUR"><meta itemprop="price" content="34.50"><b>34,50 €</b></div></div>`,
    );
    const obs = await createObserver({ screenshot: false }).observe(page);
    expect(obs.content.split("\n")[0]).toBe('[Product data in the page\'s markup: "Birch Stool", sku BS-7, price 34.50 EUR]');
  });

  // A shop whose category lists (not marked as navigation, several links a line) fill the first
  // screens; the product's heading, price and item number come after them.
  const shopPage = (menuLines: number) => {
    const menu = Array.from(
      { length: menuLines },
      (_, i) =>
        `<div>Department ${i}: <a href="/d/${i}/a">Lamps</a> <a href="/d/${i}/b">Chairs</a> <a href="/d/${i}/c">Rugs and carpets</a></div>`,
    ).join("");
    const description = Array.from(
      { length: 60 },
      (_, i) => `<p>Description paragraph ${i}, about the wood, the finish and the care it needs over the years.</p>`,
    ).join("");
    return `<div>${menu}</div><div><div><p>By Nordwood</p><p>Item no. NW-4471</p><h1>Birch Stool</h1><p>Price: 34,50 €</p><button>Add to cart</button>${description}</div></div>`;
  };

  it("keeps the start of the main content (heading, price, item number) when the page is long", async () => {
    await page.setContent(shopPage(120));
    const obs = await createObserver({ screenshot: false, maxChars: 4_000 }).observe(page);
    expect(obs.content.length).toBeLessThan(4_300);
    expect(obs.content).toContain("Department 0:");
    expect(obs.content).toMatch(/By Nordwood\nItem no\. NW-4471\n# Birch Stool\nPrice: 34,50 €\n\[\d+\]<button>Add to cart<\/button>/);
    expect(obs.content).not.toContain("Description paragraph 59");
  });

  it("goes on reading at the main heading when a huge page is not read to its end", async () => {
    await page.setContent(shopPage(600));
    const obs = await createObserver({ screenshot: false, maxChars: 4_000 }).observe(page);
    expect(obs.content.length).toBeLessThan(4_300);
    expect(obs.content).not.toContain("Department 599:");
    expect(obs.content).toMatch(
      /\[… part of the page not read here: scroll down or use extract …\]\n(.*\n)?Item no\. NW-4471\n# Birch Stool\nPrice: 34,50 €\n\[\d+\]<button>Add to cart<\/button>/,
    );
    expect(obs.content).toMatch(/more below: scroll down or use extract …\]$/);
    // The heading's button is indexed like any other element.
    const index = indexFor(obs.content, "Add to cart");
    expect(index).toBeGreaterThan(0);
  });

  it("gives site navigation only a share of the budget, before the page's own content", async () => {
    const links = Array.from({ length: 400 }, (_, i) => `<li><a href="/c/${i}">Category number ${i}</a></li>`).join("");
    const paragraphs = Array.from(
      { length: 40 },
      (_, i) => `<p>Paragraph ${i} of the article body, with enough words to take some room.</p>`,
    ).join("");
    await page.setContent(`<nav><ul>${links}</ul></nav><main><h1>The article</h1>${paragraphs}</main>`);
    const obs = await createObserver({ screenshot: false, maxChars: 4_000 }).observe(page);
    expect(obs.content).toContain("Category number 0");
    expect(obs.content).toContain("# The article");
    expect(obs.content).toContain("Paragraph 39 of the article body");
    expect(obs.content).toMatch(/\[… Navigation folded: \d+ links in \d+ lines; use extract to read them …\]/);
  });

  it("lists the open tabs", async () => {
    await page.goto(`${sites.url}/new-tab`);
    const [popup] = await Promise.all([context.waitForEvent("page"), page.click("#new-tab-link")]);
    await popup.waitForLoadState();
    const obs = await createObserver({ screenshot: false }).observe(page);
    expect(obs.tabs).toEqual([
      expect.objectContaining({ index: 0, current: true, title: "New tab" }),
      expect.objectContaining({ index: 1, current: false, title: "New tab target" }),
    ]);
  });
});
