import { describe, expect } from "vitest";
import { fixtureSitesTest } from "../testing/fixture-sites-test.ts";
import { DEMO_USER, SESSION_COOKIE } from "./pages/login-pages.ts";
import { INDEX_LINKS } from "./pages/index-page.ts";

const it = fixtureSitesTest;

describe("fixture sites: shop, news, table, form, login", () => {
  it("serves two cross-origin URLs and an index linking every page", async ({ open, sites }) => {
    expect(sites.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sites.otherOrigin).toMatch(/^http:\/\/localhost:\d+$/);
    const page = await open("/");
    const hrefs = await page.locator(".index-links a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(INDEX_LINKS.map(([, href]) => href));
    expect((await fetch(`${sites.url}/no-such-page`)).status).toBe(404);
  });

  it("shop lists 10 products a page, paginates and searches", async ({ open, sites }) => {
    const page = await open("/shop");
    expect(await page.locator(".product-card").count()).toBe(10);
    expect(await page.textContent("#result-summary")).toBe("Showing 1-10 of 36 products");
    expect(await page.getByRole("link", { name: "Previous" }).count()).toBe(0);
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    expect(await page.textContent("#result-summary")).toBe("Showing 11-20 of 36 products");
    await page.goto(`${sites.url}/shop?page=4`);
    expect(await page.locator(".product-card").count()).toBe(6);
    expect(await page.getByRole("link", { name: "Next" }).count()).toBe(0);

    await page.getByLabel("Search products").fill("shoes");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=shoes/);
    expect(await page.locator(".product-card a").allTextContents()).toEqual(["Kestrel Trail Running Shoes"]);
  });

  it("product page shows price, SKU, details, and Add to cart updates the cart count", async ({ open }) => {
    const page = await open("/shop/product/1007");
    expect(await page.textContent("h1")).toBe("Granite Laptop Pro 14");
    expect(await page.textContent("#price")).toBe("$1,299.00");
    expect(await page.textContent("#sku")).toBe("SKU-1007");
    expect(await page.locator("table.details th").allTextContents()).toEqual(["SKU", "Category", "Color", "Weight", "In stock", "Rating"]);
    expect(await page.textContent("#cart-count")).toBe("Cart: 0 items");
    await page.getByLabel("Quantity").fill("2");
    await page.getByRole("button", { name: "Add to cart" }).click();
    expect(await page.textContent("#cart-count")).toBe("Cart: 2 items");
    expect(await page.textContent("#cart-message")).toBe("Added 2 x Granite Laptop Pro 14 to cart.");
  });

  it("news lists 25 items with author, score and age", async ({ open }) => {
    const page = await open("/news");
    expect(await page.locator("tr.athing").count()).toBe(25);
    expect(await page.locator(".score").first().textContent()).toBe("412 points");
    await page.getByRole("link", { name: "Postgres 18 released with asynchronous I/O" }).click();
    expect(await page.textContent("h1")).toBe("Postgres 18 released with asynchronous I/O");
  });

  it("table has 20 customer rows", async ({ open }) => {
    const page = await open("/table");
    expect(await page.locator("#customers tbody tr").count()).toBe(20);
    expect(await page.locator("#customers tbody tr").nth(7).innerText()).toBe("Helios Energy\tMadrid\t$305,480");
  });

  it("form shows client-side errors, then thanks the sender with the submitted values", async ({ open, sites }) => {
    const page = await open("/form");
    await page.getByRole("button", { name: "Submit" }).click();
    expect(await page.textContent("#name-error")).toBe("Name is required.");
    expect(await page.textContent("#email-error")).toBe("Enter a valid email address.");
    expect(await page.textContent("#plan-error")).toBe("Choose a plan.");
    expect(await page.textContent("#terms-error")).toBe("You must accept the terms.");
    expect(sites.requests.some((r) => r.method === "POST")).toBe(false);

    await page.getByLabel("Full name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Submit" }).click();
    expect(await page.textContent("#name-error")).toBe("");
    expect(await page.textContent("#email-error")).toBe("Enter a valid email address.");

    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Plan").selectOption("pro");
    await page.getByLabel("Message").fill("Hello there");
    await page.getByLabel("I agree to the terms").check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForSelector("#thank-you");
    expect(await page.textContent("h1")).toBe("Thank you, Ada Lovelace!");
    expect(await page.locator(".submitted dd").allTextContents()).toEqual(["Ada Lovelace", "ada@example.com", "Pro", "Hello there", "Yes"]);
  });

  it("form validates on the server too", async ({ sites }) => {
    const response = await fetch(`${sites.url}/form`, { method: "POST", body: new URLSearchParams({ name: "", email: "x" }) });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("Name is required.");
  });

  it("login sets a session cookie, account shows private data, logout ends the session", async ({ open, sites }) => {
    const page = await open("/account");
    expect(page.url()).toBe(`${sites.url}/login?next=/account`);

    await page.getByLabel("Email").fill(DEMO_USER.email);
    await page.getByLabel("Password").fill("wrong");
    await page.getByRole("button", { name: "Log in" }).click();
    expect(await page.textContent("#login-error")).toBe("Invalid email or password.");

    await page.getByLabel("Password").fill(DEMO_USER.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${sites.url}/account`);
    expect(await page.textContent("h1")).toBe("Welcome back, Demo");
    expect(await page.locator("#orders tbody tr").count()).toBe(3);
    const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).toMatch(/^sess-/);

    await page.getByRole("link", { name: "Log out" }).click();
    await page.waitForURL(/\/login\?logged_out=1/);
    expect(await page.getByText("You have been logged out.").isVisible()).toBe(true);
    await page.goto(`${sites.url}/account`);
    expect(page.url()).toBe(`${sites.url}/login?next=/account`);
  });
});
