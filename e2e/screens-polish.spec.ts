import { expect, test, type Locator, type Page } from "./fixtures.ts";
import { createAccount, openInApp, pollRunStatus, sidewaysOverflow } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * Screens that feel finished: the run page and API Keys share the header's width on a desktop;
 * on a phone the run's prompt opens and folds from the keyboard, the results' actions share a row.
 */
test.setTimeout(90_000);

const LONG_PROMPT =
  "[e2e:table] List every customer of the account with their city and yearly revenue, newest first, and leave out the ones that closed their account this year";

async function apiKeyOf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/v1/account/api-key")).json()) as { api_key: string }).api_key;
}

/** A finished run with a long prompt and a table result; its page's address. */
async function tableRun(page: Page): Promise<string> {
  const key = await apiKeyOf(page);
  const res = await page.request.post("/api/v1/runs", { headers: { "x-api-key": key }, data: { prompt: LONG_PROMPT } });
  const run = (await res.json()) as { id: string; task_id: string };
  await pollRunStatus(page.request, key, run.id).toBe("success");
  return `/tasks/${run.task_id}/task-runs/${run.id}`;
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** The page's column is the header's: the same left and right edges (the header's inner row, the routed page's column). */
async function expectHeaderWidth(page: Page) {
  const header = await box(page.getByRole("banner").locator(".max-w-6xl").first());
  const column = await box(page.locator("main#main > div").first());
  expect(Math.abs(column.x - header.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(column.width - header.width)).toBeLessThanOrEqual(1);
}

test("on a desktop, the run page and API Keys are as wide as the header", async ({ page }) => {
  await createAccount(page);
  const runPage = await tableRun(page);
  await page.goto(runPage);
  await expect(page.getByRole("region", { name: "Results" })).toBeVisible();
  await expectHeaderWidth(page);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await openInApp(page, "/api-keys");
  const title = page.getByRole("heading", { name: "API Keys", level: 1 });
  await expect(title).toBeVisible();
  await expectHeaderWidth(page);
  // Which secret signs what, in the page's words.
  await expect(page.getByText(/Signs what runs post to the Webhook URL of a task or run/)).toBeVisible();
  await expect(page.getByText(/Each webhook signs with its own secret/)).toBeVisible();
  await keepScreenshot(page, "api-keys-desktop.png", { fullPage: true });
});

test("on a 390 px phone, the run's prompt opens and folds from the keyboard, and Copy shares the results' row", async ({ page }) => {
  await createAccount(page);
  const runPage = await tableRun(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(runPage);

  const more = page.getByRole("button", { name: "Show more" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await more.focus();
  await page.keyboard.press("Enter");
  const less = page.getByRole("button", { name: "Show less" });
  await expect(less).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(LONG_PROMPT, { exact: true }).first()).toBeVisible();
  await keepScreenshot(page, "run-prompt-open-phone.png");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Show more" })).toBeFocused();

  // View, download and Copy on one row: Copy is never alone on a line.
  const results = page.getByRole("region", { name: "Results" });
  const copy = await box(results.getByRole("button", { name: "Copy result" }));
  const download = await box(results.getByRole("button", { name: "Download CSV" }));
  expect(Math.abs(copy.y + copy.height / 2 - (download.y + download.height / 2))).toBeLessThanOrEqual(2);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, "run-results-phone.png");
});
