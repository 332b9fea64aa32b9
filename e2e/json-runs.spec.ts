import { expect, test, type Page } from "./fixtures.ts";
import { e2eEnv } from "./e2e-env.ts";
import { createAccount } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * A JSON run from a catalogue automation, as a newcomer starts one: "Try This Automation", then
 * Execute. The fake model of e2e/server answers a JSON task it has no scenario for from done's
 * schema alone, filling only the required arguments (as many real models do); the answer must
 * arrive and show as the automation's table. The automation reads Hacker News: the run is
 * pointed at the fixture copy of its front page, as the test cannot reach the internet. One run,
 * its page read at a desktop's width and again at a phone's (the viewport resized).
 */
const SLUG = "hacker-news-top-stories";
const COLUMNS = ["rank", "title", "url", "site", "points", "author", "age", "comments", "discussionUrl"];
const RUN_URL = /\/tasks\/[0-9a-f-]{36}\/task-runs\/[0-9a-f-]{36}$/;

test.setTimeout(90_000);

async function tryAutomationAndRunIt(page: Page) {
  await createAccount(page);
  await page.goto(`/automations/${SLUG}`);
  await page.getByRole("button", { name: "Try This Automation" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The draft brings the automation's JSON settings.
  await expect(page.getByRole("radio", { name: "JSON" })).toBeChecked();
  await expect(page.getByLabel("JSON Schema")).toHaveValue(/"stories"/);
  await page.getByLabel("Initial URL").fill(`${e2eEnv().sitesUrl}/news`);
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
}

async function expectStoriesTable(page: Page) {
  const table = page.getByRole("region", { name: "Result table: stories" });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole("columnheader")).toHaveText(COLUMNS);
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row").nth(1)).toContainText("https://example.com/item-1");
  await expect(page.getByRole("definition").locator("[data-status]")).toHaveText("Success");
  await expect(page.getByText(/did not fit the JSON schema|done\.data/)).toHaveCount(0);
}

test("a JSON automation tried from the marketplace succeeds and shows its table, on a desktop and on a phone", async ({ page }) => {
  await tryAutomationAndRunIt(page);
  await expectStoriesTable(page);
  await keepScreenshot(page, "json-run-desktop.png", { fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectStoriesTable(page);
  // The wide table scrolls inside its own box; the page itself does not scroll sideways.
  const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, "json-run-phone.png", { fullPage: true });
});
