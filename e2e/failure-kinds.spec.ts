import { expect, test } from "./fixtures.ts";
import { atBothWidths, openInApp, sidewaysOverflow, signUp } from "./helpers.ts";
import { keepScreenshot } from "./screenshots";

// A run that does not succeed says why as a kind (docs/adr/0042-failure-kinds.md): the run page
// shows the kind in plain words beside the message, and the dashboard's Task History keeps the
// runs that failed one way. "[e2e:account]" without a saved login meets the login form and gives up.
// One run, each page checked at 1280 px and again at 360 px (the viewport resized): a run per
// width showed the same pages at the cost of a second sign-up and agent run.

test.describe.configure({ timeout: 180_000 });

test("a failed run's kind on its page and as a Task History filter, at 1280 and 360 px", async ({ page }) => {
  await signUp(page);
  await page.getByLabel("Prompt").fill("[e2e:account] Read my account page");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}/);
  const outcome = page.getByRole("alert").filter({ hasText: "Not signed in: the site asked to log in." });
  await expect(outcome).toBeVisible({ timeout: 90_000 });
  await atBothWidths(page, async (width) => {
    await expect(outcome).toBeVisible();
    await expect(outcome.locator("[data-failure-kind]")).toHaveText("The site asked to sign in:");
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await keepScreenshot(page, `failure-kind-run-page-${width}.png`, { fullPage: true });
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await openInApp(page, "/dashboard");
  const history = page.getByRole("list", { name: "Latest runs" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByText("The site asked to sign in")).toBeVisible();
  const filter = page.getByLabel("Show runs by why they failed");
  await atBothWidths(page, async (width) => {
    await filter.selectOption({ label: "Time limit reached" });
    await expect(page.getByText("No runs failed this way.")).toBeVisible();
    await filter.selectOption({ label: "The site asked to sign in" });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history.getByRole("link")).toContainText("[e2e:account] Read my account page");
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await keepScreenshot(page, `failure-kind-history-filter-${width}.png`, { fullPage: true });
  });
});
