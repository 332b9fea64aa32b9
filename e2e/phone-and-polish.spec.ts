import { expect, test, type Page } from "./fixtures.ts";
import { signUp, signUpThroughForm } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * Polish a person notices: the phone tab bar shows there is more, unknown pages are real
 * not-found pages (404), the marketplace lines up with the header and footer, the sign-up toast
 * does not contradict the page, and the dashboard offers Show More only when there is more.
 */
const workspaceTabs = (page: Page) => page.getByRole("navigation", { name: "Workspace" });
const moreTabs = (page: Page, side: "left" | "right") => page.locator(`[data-more-tabs="${side}"]`);
// A whole tab: its underline overlaps the bar's border by a pixel, which the bar clips.
const WHOLE = { ratio: 0.95 };

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("the tab bar shows there are more tabs, scrolls to them, and keeps the current tab in view", async ({ page }) => {
    await signUp(page);
    const tabs = workspaceTabs(page);
    const apiKeys = tabs.getByRole("link", { name: "API keys" });
    // The page has settled once its tab is the current one: that moment brings the current tab
    // into view, so an arrow pressed before it would be undone (as for a person clicking early).
    await expect(tabs.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Dashboard" })).toBeInViewport(WHOLE);
    await expect(apiKeys).not.toBeInViewport();
    // A faded edge with an arrow on the side that has more, and only there.
    await expect(moreTabs(page, "right")).toBeVisible();
    await expect(moreTabs(page, "left")).toHaveCount(0);
    await keepScreenshot(page, "tabs-dashboard.png");

    await moreTabs(page, "right").click();
    await expect(apiKeys).toBeInViewport(WHOLE);
    await expect(moreTabs(page, "left")).toBeVisible();
    await expect(moreTabs(page, "right")).toHaveCount(0);

    // Opening a page whose tab is at the far end shows that tab at once.
    await page.goto("/api-keys");
    await expect(apiKeys).toHaveAttribute("aria-current", "page");
    await expect(apiKeys).toBeInViewport(WHOLE);
    await expect(moreTabs(page, "left")).toBeVisible();
    await keepScreenshot(page, "tabs-api-keys.png");
    // Keyboard users reach every tab in order; the arrows are for pointers only.
    await expect(moreTabs(page, "left")).toHaveAttribute("tabindex", "-1");
  });

  test("unknown pages answer 404 and show the not-found texts", async ({ page }) => {
    await expectNotFoundPages(page);
    await keepScreenshot(page, "unknown-application-phone.png");
  });
});

test("on a desktop, every tab fits: no arrows", async ({ page }) => {
  await signUp(page);
  await expect(workspaceTabs(page).getByRole("link", { name: "API keys" })).toBeInViewport(WHOLE);
  await expect(page.locator("[data-more-tabs]")).toHaveCount(0);
});

test("unknown pages answer 404 and show the not-found texts on a desktop", async ({ page }) => {
  await expectNotFoundPages(page);
  // A known category and an integration name without its suffix are pages.
  expect((await page.goto("/automations/categories/research"))!.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Research Automations");
  expect((await page.goto("/zapier"))!.status()).toBe(200);
  await expect(page).toHaveURL(/\/zapier-integration$/);
});

async function expectNotFoundPages(page: Page) {
  for (const path of ["/no-such-page", "/404", "/dashboard/extra"]) {
    expect((await page.goto(path))!.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  }
  expect((await page.goto("/automations/categories/nope"))!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No automations found in this category");
  await expect(page.getByText("Nope Automations")).toHaveCount(0);
  await expect(page).not.toHaveTitle(/Nope/);
  expect((await page.goto("/automations/applications/nope"))!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No automations found for this application");
  await expect(page.getByText(/nope Automations/i)).toHaveCount(0);
  await page.getByRole("link", { name: "Browse Automations" }).click();
  await expect(page).toHaveURL(/\/automations$/);
}

test("the marketplace column lines up with the header and the footer", async ({ page }) => {
  await page.goto("/automations");
  await expect(page.getByRole("region", { name: "Automations" }).getByRole("listitem").first()).toBeVisible();
  const left = async (selector: ReturnType<Page["locator"]>) => (await selector.boundingBox())!.x;
  const right = async (selector: ReturnType<Page["locator"]>) => {
    const box = (await selector.boundingBox())!;
    return box.x + box.width;
  };
  const headerBrand = page
    .getByRole("banner")
    .getByRole("link", { name: /Errand/ })
    .first();
  const footerBrand = page
    .getByRole("contentinfo")
    .getByRole("link", { name: /Errand/ })
    .first();
  const heading = page.getByRole("heading", { level: 1, name: "Automations" });
  expect(Math.abs((await left(heading)) - (await left(headerBrand)))).toBeLessThanOrEqual(1);
  expect(Math.abs((await left(heading)) - (await left(footerBrand)))).toBeLessThanOrEqual(1);
  // The last card column ends where the header's last button does.
  expect(
    Math.abs(
      (await right(page.getByRole("region", { name: "Automations" }))) -
        (await right(page.getByRole("banner").getByRole("link", { name: "Sign Up" }))),
    ),
  ).toBeLessThanOrEqual(1);
  await keepScreenshot(page, "marketplace-desktop.png");
});

test("sign-up says the person is signed in, and Show More appears only once there is history", async ({ page, baseURL }) => {
  await signUpThroughForm(page);
  await expect(page.getByText("Account created successfully")).toBeVisible();
  await expect(page.getByText("You are signed in, with 5 free prompts to start.")).toBeVisible();
  await expect(page.getByText("You can now log in with your credentials.")).toHaveCount(0);

  await expect(page.getByText("No tasks yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Show More" })).toHaveCount(0);

  const created = await page.request.post("/api/v1/runs", { headers: { origin: baseURL! }, data: { prompt: "Say done" } });
  expect(created.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole("list", { name: "Latest runs" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("link", { name: "Show More" }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});
