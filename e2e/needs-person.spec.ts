import { expect, test, type Page } from "./fixtures.ts";
import { atBothWidths, openInApp, signUp } from "./helpers.ts";

/*
 * A run meets a Turnstile challenge on a server without a captcha solver: the run page says a
 * person is needed (role=alert) with a Take control button, on a desktop and at 360 px; the
 * person takes control from the banner, hands back, and the banner goes as the run goes on. One
 * run: each state is checked at 1280 px and again at 360 px (the viewport resized), control is
 * taken at 360 px and handed back at 1280 px.
 */
const RUN_URL = /\/tasks\/[0-9a-f-]{36}\/task-runs\/[0-9a-f-]{36}$/;
const runBadge = (page: Page) => page.getByRole("definition").locator("[data-status]");
const BANNER_TEXT =
  "A person is needed: The page shows a Turnstile challenge that the agent cannot solve (no captcha solver is configured). Take control in the live view, solve it, then hand back.";

test("the run page asks for a person, and the person takes control from the banner and hands back, at 1280 and 360 px", async ({
  page,
}) => {
  await signUp(page);
  await page.getByLabel("Prompt").fill("[e2e:captcha] Subscribe to the newsletter");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });

  const banner = page.getByRole("alert").filter({ hasText: "A person is needed" });
  await expect(banner.getByText(BANNER_TEXT, { exact: true })).toBeVisible({ timeout: 20_000 });
  const take = banner.getByRole("button", { name: "Take control" });
  await atBothWidths(page, async () => {
    await expect(banner.getByText(BANNER_TEXT, { exact: true })).toBeVisible();
    await take.scrollIntoViewIfNeeded();
    await expect(take).toBeInViewport();
    // Nothing sideways, at 360 px too.
    expect(await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth")).toBeLessThanOrEqual(
      0,
    );
  });

  await take.click();
  const inControl = page.getByText("You are in control. The agent is paused.");
  await expect(inControl).toBeVisible({ timeout: 15_000 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(inControl).toBeVisible();
  await page.getByRole("button", { name: "Hand back to agent" }).click();

  await expect(banner).toHaveCount(0, { timeout: 15_000 });
  await expect(runBadge(page)).toHaveText("Success", { timeout: 30_000 });
});

/*
 * A run that must have a payment approved (docs/adr/0048-approval-before-irreversible-actions.md):
 * the run page shows the approval card before Pay now; denied with a note, the run ends without
 * paying; a second run, approved, pays and finishes. On a desktop and at 360 px.
 */
async function startPaying(page: Page) {
  // The first time just after signUp, on the dashboard already.
  await openInApp(page, "/dashboard");
  await page.getByLabel("Prompt").fill("[e2e:approval] Pay invoice 1042");
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  await page.getByRole("checkbox", { name: "Submitting a payment form" }).click();
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
  const card = page.getByRole("alert").filter({ hasText: "Approval needed" });
  await expect(card.getByRole("heading", { name: "Approval needed: Submitting a payment form" })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/Pay now/).first()).toBeVisible();
  return card;
}

test("a payment waits for approval: denied at 1280 px it is not made; approved at 360 px the run pays and finishes", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);

  const asked = await startPaying(page);
  await asked.getByLabel("Note for the agent (optional)").fill("Not this month");
  const deny = asked.getByRole("button", { name: "Deny" });
  await deny.focus();
  await page.keyboard.press("Enter");
  await expect(runBadge(page)).toHaveText("Failed", { timeout: 30_000 });
  await expect(page.getByText(/Not paid: Not this month/).first()).toBeVisible();

  await page.setViewportSize({ width: 360, height: 800 });
  const again = await startPaying(page);
  expect(await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth")).toBeLessThanOrEqual(0);
  await again.getByRole("button", { name: "Approve" }).click();
  await expect(again).toHaveCount(0, { timeout: 15_000 });
  await expect(runBadge(page)).toHaveText("Success", { timeout: 30_000 });
  await expect(page.getByText("Invoice 1042 is paid.").first()).toBeVisible();
});
