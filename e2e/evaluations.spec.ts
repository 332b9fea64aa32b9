import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./fixtures.ts";
import { e2eEnv } from "./e2e-env.ts";
import { openInApp, RUN_URL, sidewaysOverflow, signUp } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * An evaluation from the web app (docs/evaluations.md): a suite pasted as YAML, two cases on the
 * fixture pages run with two models the fake model answers differently ("[e2e:eval]" in
 * e2e/server/e2e-scenarios.ts), the report comparing them, a cell opening its run, the CSV, and
 * the report shared by link, read signed out. Then the same evaluation at 360 px.
 */
test.setTimeout(150_000);

const suite = (sitesUrl: string) => `name: Fixture pages
description: The news front page and the shop.
cases:
  - name: Top story
    prompt: "[e2e:eval] Read the top story of the news front page"
    start_url: ${sitesUrl}/news
    expected: tiny browser automation agent
  - name: Shop
    prompt: "[e2e:eval] Name the first product of the shop"
    start_url: ${sitesUrl}/shop
`;

const BROKEN_SUITE = `name: Broken
cases:
  - prompt: Read the news
  - start_url: https://example.com
`;

async function expectNoSidewaysScroll(page: Page, where: string) {
  expect(await sidewaysOverflow(page), `sideways scroll on ${where}`).toBeLessThanOrEqual(0);
}

/** The figure of a model in the comparison table. */
const figure = (page: Page, label: string, model: string) =>
  page.getByRole("region", { name: "Models compared, figures" }).locator(`td[data-figure="${label}"][data-model="${model}"]`);

async function startEvaluation(page: Page) {
  // Evaluations are suites of tasks: reached from the Tasks page, under the Tasks tab.
  const tasksTab = page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Tasks" });
  await tasksTab.click();
  await expect(page.getByRole("heading", { name: "Task History", level: 1 })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Evaluations" }).click();
  await expect(page.getByText("No evaluations yet")).toBeVisible();
  await expect(tasksTab).toHaveAttribute("aria-current", "page");
  await page.getByRole("main").getByRole("link", { name: "New evaluation" }).first().click();
  await expect(page.getByRole("heading", { name: "New evaluation", level: 1 })).toBeVisible();

  // A suite built in the form is checked before it is sent: focus goes to the field to fix.
  await page.getByText("Build it here").click();
  await page.getByRole("button", { name: "Start evaluation" }).click();
  await expect(page.getByText("Give the evaluation a name")).toBeVisible();
  await expect(page.getByLabel("Name")).toBeFocused();
  await page.getByText("Paste or upload").click();

  // A refused suite is said in the server's words, with the case and the field.
  const suiteBox = page.getByLabel("Suite (YAML or JSON)");
  await suiteBox.fill(BROKEN_SUITE);
  await page.getByRole("button", { name: "Start evaluation" }).click();
  await expect(page.getByRole("alert")).toContainText(/Case 2, prompt/);

  await suiteBox.fill(suite(e2eEnv().sitesUrl));
  const models = page.getByLabel("Models", { exact: true });
  await page.getByRole("button", { name: "Remove model gpt-4.1" }).click();
  await models.fill("e2e-strong");
  await models.press("Enter");
  await models.fill("e2e-weak, ");
  await models.press("Enter");
  await expect(page.getByRole("list", { name: "Models to compare" }).getByRole("listitem")).toHaveText(["e2e-strong", "e2e-weak"]);
  await keepScreenshot(page, "evaluation-new-1280.png", { fullPage: true });
  await page.getByRole("button", { name: "Start evaluation" }).click();
  await expect(page).toHaveURL(/\/evaluations\/[0-9a-f-]{36}$/);
}

test("an evaluation compares two models on a pasted suite, opens a cell's run, downloads its CSV and is shared by link", async ({
  page,
  browser,
}) => {
  await signUp(page);
  await startEvaluation(page);
  const evaluationUrl = page.url();

  // It runs, then the report shows the difference between the models.
  await expect(page.getByRole("heading", { name: "Fixture pages", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Tasks" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.locator('[data-status="finished"]')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText("4 of 4 runs ended")).toBeVisible();
  await expect(figure(page, "Success rate", "e2e-strong")).toHaveText("100%");
  await expect(figure(page, "Success rate", "e2e-weak")).toHaveText("0%");
  await expect(figure(page, "Why cases failed", "e2e-weak")).toContainText("The agent could not do the task: 1");
  const grid = page.getByRole("region", { name: "Cases by model" });
  await expect(grid.locator('td[data-case="0"][data-model="e2e-weak"]')).toContainText("The answer missed the expected one");
  await keepScreenshot(page, "evaluation-report-1280.png", { fullPage: true });

  // The CSV: one line per case x model.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  const csv = (await readFile(await download.path(), "utf8")).trim().split(/\r?\n/);
  expect(csv).toHaveLength(5);
  expect(csv[0]).toMatch(/^case,case_name,model,state,run_id,status,passed,/);
  expect(csv.filter((line) => line.includes("e2e-weak") && line.includes(",false,"))).toHaveLength(2);

  // Share by link; a visitor without an account reads the report, and cannot open the runs.
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share this evaluation" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  const link = dialog.getByLabel("Share link");
  await expect(link).toHaveValue(/\/shared\/evaluations\/[A-Za-z0-9_-]+$/);
  const sharedUrl = await link.inputValue();
  await page.keyboard.press("Escape");
  const visitorContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(sharedUrl);
  await expect(visitor.getByRole("heading", { name: "Fixture pages", level: 1 })).toBeVisible();
  await expect(figure(visitor, "Success rate", "e2e-strong")).toHaveText("100%");
  await expect(visitor.getByRole("region", { name: "Cases by model" }).getByRole("link")).toHaveCount(0);
  await expectNoSidewaysScroll(visitor, "the shared report at 360 px");
  await keepScreenshot(visitor, "evaluation-shared-360.png", { fullPage: true });

  // A cell opens its run.
  await grid.getByRole("link", { name: "Passed: Top story with e2e-strong, open its run" }).click();
  await expect(page).toHaveURL(RUN_URL);
  await expect(page.getByText("Read the top story of the news front page").first()).toBeVisible();

  // The same evaluation on a phone: the page and the list fit the width.
  await page.setViewportSize({ width: 360, height: 800 });
  await openInApp(page, evaluationUrl);
  await expect(figure(page, "Success rate", "e2e-weak")).toHaveText("0%");
  await expectNoSidewaysScroll(page, "the evaluation at 360 px");
  await keepScreenshot(page, "evaluation-report-360.png", { fullPage: true });
  // The list was read while empty; starting the evaluation marked it for reading again.
  await openInApp(page, "/evaluations");
  await expect(page.getByRole("list", { name: "Evaluations" }).getByRole("link", { name: "Fixture pages" })).toBeVisible();
  // The list gives each model's success rate, without opening the report.
  const rates = page.getByRole("list", { name: "Success rate by model, Fixture pages" });
  await expect(rates.locator('[data-model="e2e-strong"]')).toHaveText("e2e-strong 100% (2 of 2 passed)");
  await expect(rates.locator('[data-model="e2e-weak"]')).toHaveText("e2e-weak 0% (0 of 2 passed)");
  await expectNoSidewaysScroll(page, "the list at 360 px");
  await keepScreenshot(page, "evaluations-list-360.png", { fullPage: true });

  // Stopping the share: the visitor's link says so.
  await openInApp(page, evaluationUrl);
  await page.getByRole("button", { name: "Shared", exact: true }).click();
  await page.getByRole("dialog", { name: "Share this evaluation" }).getByRole("button", { name: "Stop sharing" }).click();
  await expect(page.getByText("Sharing stopped")).toBeVisible();
  await page.keyboard.press("Escape");
  // The page answers 404, as a revoked run link's does, and says why.
  expect((await visitor.reload())?.status()).toBe(404);
  await expect(visitor.getByText("This shared link does not exist, or its owner has stopped sharing the evaluation.")).toBeVisible();
  await visitorContext.close();

  // Deleting it, after a question, leads back to the list, now empty.
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog", { name: "Delete Fixture pages?" }).getByRole("button", { name: "Delete evaluation" }).click();
  await expect(page).toHaveURL(/\/evaluations$/);
  await expect(page.getByText("No evaluations yet")).toBeVisible();
});
