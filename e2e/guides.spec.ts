import { expect, test, type Page } from "./fixtures.ts";
import { openInApp, sidewaysOverflow, uniqueEmail } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * The guides beside the REST reference: listed on /docs, each its own page, and where every
 * integration page's View Documentation, Setup and (signed in) Use Template lead. Desktop and phone.
 */

async function expectNoSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`on a ${viewport.name}, /docs lists the guides and each opens, and an integration page's buttons lead to its guide`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/docs");
    const guides = page.getByRole("region", { name: "Guides" });
    for (const title of [
      "Getting started",
      "Tasks and runs",
      "Replay and schedules",
      "Saved logins and credentials",
      "Proxies",
      "Sharing a run",
      "n8n integration",
      "MCP integration",
    ])
      await expect(guides.getByRole("link", { name: new RegExp(`^${title}`) })).toBeVisible();
    // The REST reference is still there, below them (its endpoints arrived before the click, so
    // their rendering does not hold up the next page on a busy machine).
    await expect(page.getByRole("heading", { name: "Authentication" })).toBeVisible();
    await expect(page.locator("#post-runs")).toBeAttached();

    await guides.getByRole("link", { name: /^Sharing a run/ }).click();
    await expect(page).toHaveURL(/\/docs\/guides\/sharing$/);
    await expect(page.getByRole("heading", { name: "Sharing a run", level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveTitle("Sharing a run | Errand");
    await expect(page.getByRole("heading", { name: "Share by link", level: 2 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, `guide-${viewport.name}.png`, { fullPage: true });

    // An integration page: View Documentation opens its guide, Setup its Set up section.
    await openInApp(page, "/mcp-integration");
    await page.getByRole("link", { name: "View Documentation" }).click();
    await expect(page).toHaveURL(/\/docs\/guides\/mcp-integration$/);
    await expect(page.getByRole("heading", { name: "MCP integration", level: 1 })).toBeVisible();
    await openInApp(page, "/n8n-integration");
    await page.getByRole("link", { name: "Setup", exact: true }).click();
    await expect(page).toHaveURL(/\/docs\/guides\/n8n-integration#setup$/);
    await expect(page.getByRole("heading", { name: "Set up", level: 2 })).toBeInViewport();
    await expectNoSidewaysScroll(page);

    // An unknown guide is the not-found page.
    await openInApp(page, "/docs/guides/no-such-guide", { sameComponent: true });
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
  });
}

test("Use Template on the API page leads a visitor through sign-up to the guide's Set up section, and a signed-in person straight there", async ({
  page,
}) => {
  const setup = /\/docs\/guides\/api-integration#setup$/;
  const useTemplate = page.getByRole("link", { name: /^Use Template\s*: Nightly price check/ });
  await page.goto("/api-integration");
  await expect(useTemplate).toHaveAttribute("href", "/signup?next=%2Fdocs%2Fguides%2Fapi-integration%23setup");
  await useTemplate.click();
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(setup);

  // Signed in, Use Template arrives there too, whether it is clicked before the page has read
  // the session (the server-rendered visitor's link) or after (the guide's own link).
  await page.goto("/api-integration");
  await useTemplate.click();
  await expect(page).toHaveURL(setup);
  await page.goto("/signup?next=%2Fdocs%2Fguides%2Fapi-integration%23setup");
  await expect(page).toHaveURL(setup);
  await expect(page.getByRole("link", { name: "API Keys" }).first()).toHaveAttribute("href", "/api-keys");
});
