import type { Page } from "playwright-core";
import { beforeEach, describe, expect } from "vitest";
import { fixtureSitesTest } from "../testing/fixture-sites-test.ts";
import type { FixtureSites, ReplayShopVariant } from "./types.ts";

const it = fixtureSitesTest;

describe("fixture sites: the replay shop and its variants", () => {
  let sites: FixtureSites;
  it.beforeAll(({ sites: started }) => {
    sites = started;
  });
  beforeEach(() => sites.reset());

  const postVariant = (body: string, origin = sites.url) =>
    fetch(`${origin}/replay-shop/__variant`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  const currentVariant = async () => (await fetch(`${sites.url}/replay-shop/__variant`)).text();
  const html = async (path: string) => (await fetch(sites.url + path)).text();

  /** The baseline path through the shop, with role and label locators only. */
  async function buyTwoDeskLamps(page: Page, labels = { quantity: "Quantity", button: "Add to cart" }) {
    await page.getByLabel("Search products").fill("lamp");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/replay-shop\/search\?q=lamp$/);
    await page.getByRole("link", { name: "Desk Lamp" }).click();
    await page.waitForURL(/\/replay-shop\/product\/1$/);
    await page.getByLabel(labels.quantity).fill("2");
    await page.getByRole("button", { name: labels.button }).click();
  }

  it("baseline: search, results, product, add to cart with the badge and a status message", async ({ open }) => {
    const page = await open("/replay-shop");
    expect(await page.title()).toBe("Replay Shop");
    expect(await page.textContent("#cart-count")).toBe("Cart: 0 items");
    expect(await page.getByPlaceholder("Search products").count()).toBe(1);
    await page.getByLabel("Search products").fill("lamp");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/replay-shop\/search\?q=lamp$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe('Results for "lamp"');
    expect(await page.locator(".results li").allTextContents()).toEqual(["Desk Lamp $24.00", "Floor Lamp $89.00", "Lamp Shade $12.50"]);
    await page.getByRole("link", { name: "Desk Lamp" }).click();
    await page.waitForURL(/\/replay-shop\/product\/1$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Desk Lamp");
    expect(await page.textContent("#price")).toBe("$24.00");
    expect(await page.getByLabel("Quantity").inputValue()).toBe("1");
    await page.getByLabel("Quantity").fill("2");
    await page.locator("article > div.buy > button#add-to-cart").click();
    expect(await page.getByRole("status").textContent()).toBe("Added 2 x Desk Lamp to cart.");
    expect(await page.textContent("#cart-count")).toBe("Cart: 2 items");
    // The cart follows the shopper to other pages of the tab.
    await page.getByRole("link", { name: "Back to Replay Shop" }).click();
    await page.waitForURL(/\/replay-shop$/);
    expect(await page.textContent("#cart-count")).toBe("Cart: 2 items");
  });

  it("is served on both origins, with a 404 for an unknown product and no results for an unknown query", async ({ open }) => {
    const page = await open("/replay-shop/product/2", sites.otherOrigin);
    expect(await page.title()).toBe("Floor Lamp - Replay Shop");
    expect((await fetch(`${sites.url}/replay-shop/product/99`)).status).toBe(404);
    expect(await html("/replay-shop/search?q=sofa")).toContain('No products match "sofa".');
  });

  it("switches variants over HTTP: 204 for a known name, 400 with the names for another, read back as text", async () => {
    expect(await currentVariant()).toBe("baseline");
    const ok = await postVariant("variant=moved-button");
    expect(ok.status).toBe(204);
    expect(await currentVariant()).toBe("moved-button");
    // The variant is the sites' state: the other origin serves the same shop.
    expect(await (await fetch(`${sites.otherOrigin}/replay-shop/__variant`)).text()).toBe("moved-button");
    const bad = await postVariant("variant=sideways");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(
      'Unknown replay shop variant "sideways"; use one of: baseline, moved-button, renamed-label, extra-step, repriced.',
    );
    expect(await currentVariant()).toBe("moved-button");
    expect((await postVariant("")).status).toBe(400);
  });

  it("reset() and setReplayShopVariant() switch in process; reset goes back to baseline", async () => {
    sites.setReplayShopVariant("repriced");
    expect(await currentVariant()).toBe("repriced");
    expect(() => sites.setReplayShopVariant("nope" as ReplayShopVariant)).toThrow(/unknown replay shop variant "nope"/);
    sites.reset();
    expect(await currentVariant()).toBe("baseline");
    expect(await html("/replay-shop/product/1")).toContain(">$24.00<");
  });

  it("moved-button: the button is found by role and name, not by the baseline CSS path", async ({ open }) => {
    sites.setReplayShopVariant("moved-button");
    const page = await open("/replay-shop");
    await buyTwoDeskLamps(page);
    expect(await page.getByRole("status").textContent()).toBe("Added 2 x Desk Lamp to cart.");
    expect(await page.textContent("#cart-count")).toBe("Cart: 2 items");
    expect(await page.locator("article > div.buy > button#add-to-cart").count()).toBe(0);
    expect(await page.locator("#add-to-cart, .buy button").count()).toBe(0);
    // It sits before the Quantity field in the document.
    const article = await page.locator("article").innerHTML();
    expect(article.indexOf(">Add to cart</button>")).toBeLessThan(article.indexOf('id="quantity"'));
  });

  it("renamed-label: Add to basket and Amount, nothing else changed", async ({ open }) => {
    sites.setReplayShopVariant("renamed-label");
    const page = await open("/replay-shop");
    await buyTwoDeskLamps(page, { quantity: "Amount", button: "Add to basket" });
    expect(await page.getByRole("status").textContent()).toBe("Added 2 x Desk Lamp to cart.");
    expect(await page.textContent("#cart-count")).toBe("Cart: 2 items");
    expect(await page.getByRole("button", { name: "Add to cart" }).count()).toBe(0);
    expect(await page.getByLabel("Quantity").count()).toBe(0);
    expect(await page.locator("#add-to-cart").count()).toBe(0);
    expect(await page.textContent("#price")).toBe("$24.00");
  });

  it("extra-step: the product link leads through a notice whose Continue opens the product", async ({ open }) => {
    sites.setReplayShopVariant("extra-step");
    const page = await open("/replay-shop/search?q=lamp");
    await page.getByRole("link", { name: "Desk Lamp" }).click();
    await page.waitForURL(/\/replay-shop\/product\/1\/notice$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Before you continue");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/replay-shop\/product\/1$/);
    await page.getByLabel("Quantity").fill("2");
    await page.getByRole("button", { name: "Add to cart" }).click();
    expect(await page.textContent("#cart-count")).toBe("Cart: 2 items");
  });

  it("repriced: the baseline layout with every price $1.50 higher", async () => {
    sites.setReplayShopVariant("repriced");
    const results = await html("/replay-shop/search?q=lamp");
    for (const price of ["$25.50", "$90.50", "$14.00"]) expect(results).toContain(price);
    sites.reset();
    const baseline = (await html("/replay-shop/product/1")).replace("$24.00", "$25.50");
    sites.setReplayShopVariant("repriced");
    expect(await html("/replay-shop/product/1")).toBe(baseline);
  });
});
