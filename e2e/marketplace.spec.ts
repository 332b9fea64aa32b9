import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { openInApp, signUp } from "./helpers.ts";

/*
 * The public marketplace against the real server and the seeded catalogue. Expected counts come
 * from the public API, so the tests hold whatever the catalogue holds.
 */
interface Summary {
  slug: string;
  title: string;
  website: string | null;
  categories: string[];
  need_auth: boolean;
}
const listAll = async (request: APIRequestContext, query = ""): Promise<Summary[]> =>
  ((await (await request.get(`/api/v1/automations${query}`)).json()) as { automations: Summary[] }).automations;
const facets = async (request: APIRequestContext) =>
  (await (await request.get("/api/v1/automations/facets")).json()) as {
    total: number;
    categories: { category: string; count: number }[];
    applications: { application: string; count: number }[];
  };

const cards = (page: Page) => page.getByRole("region", { name: "Automations" }).getByRole("listitem");

test("the catalogue ships at least 40 automations over every known application", async ({ request }) => {
  const all = await listAll(request);
  expect(all.length).toBeGreaterThanOrEqual(40);
  const apps = new Set(all.map((a) => a.website));
  for (const key of [
    "any-website",
    "x",
    "y-combinator",
    "superpages",
    "product-hunt",
    "linkedin",
    "google-flights",
    "hacker-news",
    "lovable",
  ]) {
    expect(apps, key).toContain(key);
  }
});

test("search keeps its words in the URL and filters the cards", async ({ page, request }) => {
  const all = await listAll(request);
  await page.goto("/automations");
  await expect(page).toHaveTitle("Automations | Errand");
  await expect(cards(page)).toHaveCount(all.length);

  const word = "Hacker News";
  const expected = await listAll(request, `?search=${encodeURIComponent(word)}`);
  expect(expected.length).toBeGreaterThan(0);
  await page.getByRole("searchbox", { name: "Search automations" }).fill(word);
  await expect(page).toHaveURL(/\/automations\?search=Hacker\+News$/);
  await expect(cards(page)).toHaveCount(expected.length);
  await expect(page.getByText(`${expected.length} automation`)).toBeVisible();

  // A reload keeps the search.
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search automations" })).toHaveValue(word);
  await expect(cards(page)).toHaveCount(expected.length);

  await page.getByRole("searchbox", { name: "Search automations" }).fill("zzzz nothing like this");
  await expect(page.getByText("No automations found matching your criteria")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).first().click();
  await expect(page).toHaveURL(/\/automations$/);
  await expect(cards(page)).toHaveCount(all.length);
});

test("the Categories and Applications sidebars filter with their counts", async ({ page, request }) => {
  const counts = await facets(request);
  const category = counts.categories[0]!;
  const application = counts.applications.find((a) => a.application === "hacker-news")!;
  await page.goto("/automations");
  const sidebar = page.getByRole("complementary", { name: "Filters" });
  await expect(sidebar.getByRole("link", { name: /All automations/ })).toContainText(String(counts.total));

  const categoryLink = sidebar.getByRole("navigation", { name: "Categories" }).getByRole("link").nth(1);
  await expect(categoryLink).toContainText(String(category.count));
  await categoryLink.click();
  await expect(page).toHaveURL(new RegExp(`/automations/categories/${category.category}$`));
  await expect(cards(page)).toHaveCount(category.count);
  await expect(categoryLink).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ Automations$/);

  await sidebar.getByRole("link", { name: /Hacker News/ }).click();
  await expect(page).toHaveURL(/\/automations\/applications\/hacker-news$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hacker News Automations");
  await expect(cards(page)).toHaveCount(application.count);

  await openInApp(page, "/automations/categories/no-such-category");
  await expect(page.getByText("No automations found in this category")).toBeVisible();
  await openInApp(page, "/automations/applications/no-such-app");
  await expect(page.getByText("No automations found for this application")).toBeVisible();
});

test("the detail page keeps the integration tab in the URL suffix, replacing history", async ({ page, request }) => {
  const [automation] = await listAll(request, "?application=hacker-news");
  await page.goto("/automations");
  await page.getByRole("link", { name: automation!.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/automations/${automation!.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(automation!.title);
  await expect(page).toHaveTitle(`${automation!.title} | Errand`);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Automations" })).toBeVisible();
  await expect(page.getByText("Ready to Use")).toBeVisible();
  await expect(page.getByText("Works with Hacker News")).toBeVisible();

  const tabs = page.getByRole("tablist", { name: "Use it from" });
  await expect(tabs.getByRole("tab", { name: "API", exact: true })).toHaveAttribute("aria-selected", "true");
  await tabs.getByRole("tab", { name: "Make" }).click();
  await expect(page).toHaveURL(new RegExp(`/automations/${automation!.slug}-make$`));
  await expect(tabs.getByRole("tab", { name: "Make" })).toHaveAttribute("aria-selected", "true");
  await tabs.getByRole("tab", { name: "Make" }).press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`/automations/${automation!.slug}-n8n$`));
  await expect(tabs.getByRole("tab", { name: "n8n" })).toBeFocused();

  // Opening a suffixed URL selects its tab.
  await openInApp(page, `/automations/${automation!.slug}-zapier`, { sameComponent: true });
  await expect(tabs.getByRole("tab", { name: "Zapier" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("5000+");
  await tabs.getByRole("tab", { name: "API", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/automations/${automation!.slug}$`));
  // Tab switches replaced the entry: one step back is the page before the zapier URL.
  await page.goBack();
  await expect(page).toHaveURL(/-n8n$/);
});

test("an unknown automation shows Automation Not Found", async ({ page }) => {
  await page.goto("/automations/this-does-not-exist");
  await expect(page.getByRole("heading", { name: "Automation Not Found" })).toBeVisible();
  await expect(page.getByText("The automation you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole("link", { name: "Browse Automations" }).click();
  await expect(page).toHaveURL(/\/automations$/);
});

test("Try This Automation fills the dashboard form with the automation's settings", async ({ page, request }) => {
  const withSchema = (await listAll(request)).find((a) => !a.need_auth && a.website === "hacker-news")!;
  const detail = (await (await request.get(`/api/v1/automations/${withSchema.slug}`)).json()) as {
    prompt: string;
    initial_url: string | null;
  };
  // Signed out: to /login first.
  await page.goto(`/automations/${withSchema.slug}`);
  await page.getByRole("button", { name: "Try This Automation" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signUp(page);
  await expect(page.getByLabel("Prompt")).toHaveValue(detail.prompt);
  if (detail.initial_url) await expect(page.getByLabel("Initial URL")).toHaveValue(detail.initial_url);

  // Signed in: straight to the dashboard.
  await openInApp(page, `/automations/${withSchema.slug}`);
  await page.getByRole("button", { name: "Try This Automation" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel("Prompt")).toHaveValue(detail.prompt);
});

test("a client without JavaScript reads an automation page's meta tags in the HTML", async ({ request }) => {
  const [automation] = await listAll(request, "?application=product-hunt");
  const res = await request.get(`/automations/${automation!.slug}-n8n`, { headers: { "user-agent": "Googlebot/2.1" } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  const origin = new URL(res.url()).origin;
  expect(html).toContain(`<title data-ssr>${automation!.title.replace(/&/g, "&amp;")} | Errand</title>`);
  expect(html).toMatch(/<meta data-ssr name="description" content="[^"]{40,}">/);
  expect(html).toContain(`<link data-ssr rel="canonical" href="${origin}/automations/${automation!.slug}">`);
  expect(html).toContain(`<meta data-ssr property="og:url" content="${origin}/automations/${automation!.slug}">`);
  // In the server-rendered body (ADR 0012), or in the head when the page is not rendered there.
  const data = JSON.parse(/<script (?:data-ssr )?type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
  expect(data).toMatchObject({ "@type": "SoftwareApplication", name: automation!.title, offers: { price: "0", priceCurrency: "USD" } });

  const missing = await request.get("/automations/this-does-not-exist");
  expect(missing.status()).toBe(404);
  expect((await request.get("/robots.txt")).status()).toBe(200);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/automations/${automation!.slug}</loc>`);
});
